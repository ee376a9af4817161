import Foundation
import StateStore

/// A state database path in a fresh folder of its own, removed with the value: the one fixture a
/// suite or a test that needs a database file starts from, instead of a hand-made folder and path.
///
/// ```swift
/// let file = try StateFile()
/// let restorer = StateRestorer(path: file.path)
/// let record = try file.reading { try $0.record(account: "default", scene: "main", kind: "catalog") }
/// let document = try file.write(#"{"books": []}"#, to: "document.json")  // beside it
/// ```
package struct StateFile: Sendable {
    /// The folder the file (and its `-wal`, `-shm`, guard file and backups) lives in.
    package let folder: TemporaryDirectory
    /// The database file's path; nothing is created there until something opens it.
    package let path: String

    /// A path named `name` in a new, empty folder: under the temporary folder, or inside `parent`
    /// (a scratch mount's root) when given.
    package init(named name: String = "state.sqlite", inside parent: URL? = nil) throws {
        folder = try parent.map { try TemporaryDirectory(inside: $0) } ?? TemporaryDirectory()
        path = folder.path(name)
    }

    /// The path of `name` in the file's folder: a document, a sibling or a second database.
    package func path(_ name: String) -> String { folder.path(name) }

    /// Writes `text` as UTF-8 to the file `name` in the folder (a document, a state file for the
    /// tool) and returns its path.
    @discardableResult
    package func write(_ text: String, to name: String) throws -> String {
        let path = folder.path(name)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Runs `body` with a store that reads the existing file, and closes it.
    package func reading<T>(_ body: (Store) throws -> T) throws -> T {
        let store = try Store(readingExistingFileAt: path)
        defer { store.close() }
        return try body(store)
    }
}
