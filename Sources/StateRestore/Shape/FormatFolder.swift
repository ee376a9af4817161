import Foundation
import JSON

/// A kind's format folder: its history as files, kept in the app's repository with its tests.
///
/// ```
/// Formats/reader/
///   shape-v1.json             the format of version 1 (KindFormat), recorded when it was current
///   shape-v2.json             …of version 2, the current one
///   v1.json                   a record as format 1 wrote it (FormatSample)
///   v1.expected.json          what it restores to today: {"state": {…}, "codes": […]}
///   v2.json
///   v2-no-filters.json        more samples of a format: v<N>-<label>.json
///   v2-no-filters.expected.json
/// ```
///
/// StateRestoreTesting's `FormatHistory` checks and records it; the tool reads it to know an
/// app's kinds without the app's code.
package struct FormatFolder: Sendable {
    package let url: URL

    package init(_ url: URL) {
        self.url = url
    }

    /// Every `shape-v<N>.json`, oldest first (none when the folder does not exist).
    ///
    /// - Throws: ``RestoreError/invalidFormatFile(path:reason:)`` for a file that is not a format,
    ///   or whose version is not the one its name gives.
    package func formats() throws -> [KindFormat] {
        try fileNames().compactMap(Self.formatVersion(ofFileName:)).sorted().compactMap { try format(version: $0) }
    }

    /// The format of `version`, or nil when the folder has no `shape-v<N>.json` for it.
    ///
    /// - Throws: ``RestoreError/invalidFormatFile(path:reason:)``.
    package func format(version: Int) throws -> KindFormat? {
        let file = url.appendingPathComponent(KindFormat.fileName(version: version))
        guard FileManager.default.fileExists(atPath: file.path) else { return nil }
        let format: KindFormat
        do {
            format = try KindFormat(json: try Self.readJSON(file))
        } catch let error as RestoreError {
            guard case .invalidFormatFile(_, let reason) = error else { throw error }
            throw RestoreError.invalidFormatFile(path: file.path, reason: reason)
        }
        guard format.version == version else {
            throw RestoreError.invalidFormatFile(path: file.path, reason: "it describes version \(format.version), not \(version)")
        }
        return format
    }

    /// The sample records (`v<N>.json`, `v<N>-<label>.json`), by version then name.
    package func samples() throws -> [FormatSample] {
        try fileNames().compactMap { name in
            guard name.hasSuffix(".json") else { return nil }
            return FormatSample(name: String(name.dropLast(5)), in: url)
        }.sorted { ($0.version, $0.name) < ($1.version, $1.name) }
    }

    /// Writes `format` as `shape-v<N>.json`, creating the folder when missing. A link or
    /// anything else but a regular file at that name is refused, never replaced.
    package func write(_ format: KindFormat) throws {
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        let file = url.appendingPathComponent(KindFormat.fileName(version: format.version))
        var status = stat()
        if lstat(file.path, &status) == 0, status.st_mode & S_IFMT != S_IFREG {
            throw RestoreError.invalidFormatFile(path: file.path, reason: "it is not a regular file (a link is never replaced or written through); nothing was written")
        }
        try Data(format.fileText.utf8).write(to: file, options: .atomic)
    }

    /// Reads a JSON file of the folder.
    ///
    /// - Throws: ``RestoreError/invalidFormatFile(path:reason:)`` when it is not JSON; the file
    ///   system's error when it cannot be read.
    package static func readJSON(_ file: URL) throws -> JSONValue {
        // A folder or a FIFO under a format file's name is the folder's fault, said as such (a
        // FIFO was opened, and Foundation's error named a permission).
        var status = stat()
        if stat(file.path, &status) == 0, status.st_mode & S_IFMT != S_IFREG {
            throw RestoreError.invalidFormatFile(path: file.path, reason: "it is not a regular file (a folder, a FIFO or a device)")
        }
        let bytes = try Data(contentsOf: file)
        do throws(JSONParseError) {
            return try JSONValue.parse(bytes, limits: RecordHeader.limits)
        } catch {
            throw RestoreError.invalidFormatFile(path: file.path, reason: "not JSON: \(error.localizedDescription)")
        }
    }

    private func fileNames() throws -> [String] {
        guard FileManager.default.fileExists(atPath: url.path) else { return [] }
        return try FileManager.default.contentsOfDirectory(atPath: url.path)
    }

    private static func formatVersion(ofFileName name: String) -> Int? {
        guard name.hasPrefix("shape-v"), name.hasSuffix(".json") else { return nil }
        return Int(name.dropFirst(7).dropLast(5)).flatMap { $0 >= 1 ? $0 : nil }
    }
}
