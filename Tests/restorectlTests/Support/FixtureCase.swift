import Foundation
import JSON
import ScreenKinds
import StateRestore
import TestSupport

/// One regression case from `Fixtures/cases/<name>/case.json`; the format is documented in
/// `Fixtures/README.md`.
struct FixtureCase {
    /// How the case's database file is prepared before the first step.
    struct Setup {
        /// An SQL script (a `.dump`) loaded into a fresh `$DB` with `Database.executeScript`.
        var database: String?
        /// A file copied byte for byte as `$DB` (random bytes, a truncated database…).
        var file: String?
        /// Whether `$DB` starts as a zero-length file.
        var emptyFile = false
        /// Records stored through the real `restorectl save`, after any of the above.
        var records: [(scene: String, account: String?, kind: String?, state: String)] = []
    }

    /// What to expect of the files beside `$DB` after a step.
    struct FileExpectations {
        /// `$DB` has the same bytes as before the step.
        var isDatabaseUnchanged = false
        /// The folder holds the same file names as before the step.
        var hasNoNewFiles = false
        /// Exactly one `$DB.corrupt-*` exists and it is byte-identical to the setup `file`.
        var hasCorruptCopyOfInput = false
        /// Whether `$DB` exists after the step.
        var databaseExists: Bool?
    }

    /// One `restorectl` invocation and what it must produce.
    struct Step {
        var arguments: [String]
        var standardInput: String?
        var exitCode: Int32
        /// `expected-N.json`, compared with stdout as parsed JSON after normalisation.
        var expectedStdout: String?
        var isStdoutEmpty = false
        var stdoutContains: [String] = []
        var stderrContains: [String] = []
        var files = FileExpectations()
    }

    let name: String
    let folder: URL
    let description: String
    let setup: Setup
    let steps: [Step]

    /// The names of every case folder, sorted.
    static func allNames() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: PackageFolders.cases.path)) ?? []
        return names.filter { FileManager.default.fileExists(atPath: PackageFolders.cases.appendingPathComponent($0).appendingPathComponent("case.json").path) }.sorted()
    }

    /// Loads `Fixtures/cases/<name>/case.json`.
    init(named name: String) throws {
        self.name = name
        folder = PackageFolders.cases.appendingPathComponent(name)
        let data = try Data(contentsOf: folder.appendingPathComponent("case.json"))
        let json = try JSONValue.parse(data)
        guard case .string(let description)? = json["description"] else { throw FixtureFormatError("\(name): missing \"description\"") }
        self.description = description

        var setup = Setup()
        if let value = json["setup"] {
            setup.database = try Self.optionalString(value["database"], "setup.database", in: name)
            setup.file = try Self.optionalString(value["file"], "setup.file", in: name)
            setup.emptyFile = value["emptyFile"] == .bool(true)
            if case .array(let records)? = value["records"] {
                for record in records {
                    guard case .string(let scene)? = record["scene"], case .string(let state)? = record["state"] else {
                        throw FixtureFormatError("\(name): each setup record needs \"scene\" and \"state\"")
                    }
                    setup.records.append(
                        (
                            scene, try Self.optionalString(record["account"], "account", in: name),
                            try Self.optionalString(record["kind"], "kind", in: name), state
                        ))
                }
            }
        }
        self.setup = setup

        guard case .array(let stepValues)? = json["steps"], !stepValues.isEmpty else { throw FixtureFormatError("\(name): missing \"steps\"") }
        steps = try stepValues.enumerated().map { index, value in try Self.step(value, number: index + 1, in: name) }
    }

    private static func step(_ value: JSONValue, number: Int, in name: String) throws -> Step {
        guard case .array(let argumentValues)? = value["args"] else { throw FixtureFormatError("\(name): step \(number) has no \"args\"") }
        let arguments = try argumentValues.map { argument -> String in
            guard case .string(let text) = argument else { throw FixtureFormatError("\(name): step \(number): arguments are strings") }
            return text
        }
        guard case .integer(let exitCode)? = value["exit"] else { throw FixtureFormatError("\(name): step \(number) has no \"exit\"") }
        var step = Step(arguments: arguments, exitCode: Int32(exitCode))
        step.standardInput = try optionalString(value["stdin"], "stdin", in: name)
        step.expectedStdout = try optionalString(value["stdout"], "stdout", in: name)
        step.isStdoutEmpty = value["stdoutEmpty"] == .bool(true)
        step.stdoutContains = try strings(value["stdoutContains"], in: name)
        step.stderrContains = try strings(value["stderrContains"], in: name)
        if let files = value["files"] {
            step.files.isDatabaseUnchanged = files["dbUnchanged"] == .bool(true)
            step.files.hasNoNewFiles = files["noNewFiles"] == .bool(true)
            step.files.hasCorruptCopyOfInput = files["corruptCopyOfInput"] == .bool(true)
            if case .bool(let exists)? = files["dbExists"] { step.files.databaseExists = exists }
        }
        return step
    }

    private static func optionalString(_ value: JSONValue?, _ field: String, in name: String) throws -> String? {
        switch value {
        case nil, .null?: return nil
        case .string(let text)?: return text
        default: throw FixtureFormatError("\(name): \(field) must be a string")
        }
    }

    private static func strings(_ value: JSONValue?, in name: String) throws -> [String] {
        guard case .array(let elements)? = value else { return [] }
        return try elements.map { element in
            guard case .string(let text) = element else { throw FixtureFormatError("\(name): expected strings") }
            return text
        }
    }

    /// Resolves a path written in `case.json`: `$FIXTURES/…` is under `Fixtures/`, anything
    /// else is relative to the case folder.
    func resolve(_ path: String) -> String {
        if path.hasPrefix("$FIXTURES/") { return PackageFolders.path(String(path.dropFirst("$FIXTURES/".count))) }
        return folder.appendingPathComponent(path).path
    }
}

/// A `case.json` that does not follow the documented format.
struct FixtureFormatError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
