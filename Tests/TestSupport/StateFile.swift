import Foundation
import StateStore

/// A state database path in a fresh folder of its own, removed with the value: where most tests
/// start.
///
/// ```swift
/// let file = try StateFile()
/// let restorer = StateRestorer(path: file.path)
/// let record = try file.reading { try $0.record(account: "default", scene: "main", kind: "catalog") }
/// ```
public struct StateFile {
    /// The folder the file (and its `-wal`, `-shm`, guard file and backups) lives in.
    public let folder: TemporaryDirectory
    /// The database file's path; nothing is created there until something opens it.
    public let path: String

    /// A path named `name` in a new, empty folder.
    public init(named name: String = "state.sqlite") throws {
        folder = try TemporaryDirectory()
        path = folder.path(name)
    }

    /// Runs `body` with a store that reads the existing file, and closes it.
    public func reading<T>(_ body: (Store) throws -> T) throws -> T {
        let store = try Store(readingExistingFileAt: path)
        defer { store.close() }
        return try body(store)
    }
}
