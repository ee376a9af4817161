import Foundation

/// A fresh directory under the system temporary folder, removed when the value is released.
/// A test that needs a database file starts from ``StateFile``, which makes one. Connections
/// to files in it open as SQLite's own build opens them (``SQLiteOwnDefaults``).
///
/// ```swift
/// let dir = try TemporaryDirectory()
/// let documentPath = dir.path("document.json")  // removed with `dir`
/// ```
package final class TemporaryDirectory: Sendable {
    /// The directory's location.
    package let url: URL

    /// Creates an empty directory with a unique name, under the temporary folder's real path
    /// (on Apple platforms `/var` is a link, and a connection is never opened through one).
    package init() throws {
        SQLiteOwnDefaults.emulate()
        let temporary = FileManager.default.temporaryDirectory.path
        let real = realpath(temporary, nil).map { pointer in
            defer { free(pointer) }
            return String(cString: pointer)
        }
        url = URL(fileURLWithPath: real ?? temporary, isDirectory: true)
            .appendingPathComponent("\(SQLiteOwnDefaults.folderPrefix)\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// Creates an empty directory with a unique name inside `parent` (a scratch mount's root).
    package init(inside parent: URL) throws {
        SQLiteOwnDefaults.emulate()
        url = parent.appendingPathComponent("\(SQLiteOwnDefaults.folderPrefix)\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// The path of `name` inside the directory.
    package func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    /// The bytes of the file `name`, or nil when it does not exist.
    package func contents(_ name: String) -> Data? { FileManager.default.contents(atPath: path(name)) }
}
