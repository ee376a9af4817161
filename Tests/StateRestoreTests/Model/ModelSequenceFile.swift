import Foundation
import TestSupport

/// A replayable sequence under `Fixtures/sequences/`: `#` lines say where it came from (the
/// seed, the failure it showed, the fix), every other line is one ``ModelOperation``.
enum ModelSequenceFile {
    static let folder = PackageFolders.fixtures.appendingPathComponent("sequences")

    /// The operations of the file's text; a line that names no operation is an error.
    static func operations(in text: String) throws -> [ModelOperation] {
        try text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty && !$0.hasPrefix("#") }.map { line in
            guard let operation = ModelOperation(line: line) else { throw ModelFailure("not an operation: \(line)") }
            return operation
        }
    }

    /// The text of a file for `operations`.
    static func text(seed: UInt64, failure: ModelRun.Failure, operations: [ModelOperation]) -> String {
        (["# seed \(seed)", "# \(failure)"] + operations.map(\.description)).joined(separator: "\n") + "\n"
    }

    /// Every sequence file, by name.
    static func all() throws -> [(name: String, text: String)] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return try names.filter { $0.hasSuffix(".txt") }.sorted().map { name in
            (name, try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8))
        }
    }
}
