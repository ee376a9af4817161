import Foundation
import StateRestore
import StateStore

/// The real engine on a database file of its own, in a temporary folder that goes when it
/// closes: for SwiftUI previews and an app's unit tests, which need a restorer but no file of
/// the app's. Seed it with states, the app's format samples, or a copy of a report's database
/// (a redacted export); the original is never opened.
///
/// ```swift
/// let preview = try TemporaryRestorer()
/// try preview.seed(ReaderState(bookID: 7, page: 42, fontSize: 1.5), for: SceneKey(scene: "main"))
/// let restored = preview.restorer.restore(ReaderState.self, try SceneKey(scene: "main"), against: library)
/// ```
///
/// It is a file, not SQLite's `:memory:`: the engine's launch path (crash-loop guard file, a
/// second connection for the coalesced writer) needs one. ``close()`` (or the last reference
/// going) closes the restorer and removes the folder with everything in it.
public final class TemporaryRestorer: Sendable {
    /// The restorer, as an app holds one.
    public let restorer: StateRestorer
    /// The database file, in a folder of its own.
    public let path: String
    private let folder: String
    private let isClosed = Locked(false)

    /// A restorer on a new, empty database file; the arguments are `StateRestorer`'s (a
    /// ``ManualWriteScheduler`` makes its writes wait for the test).
    public init(
        configuration: DatabaseConfiguration = DatabaseConfiguration(), window: Duration = .seconds(1),
        scheduler: ManualWriteScheduler? = nil
    ) throws {
        folder = try Self.makeFolder()
        path = folder + "/state.sqlite"
        restorer = StateRestorer(path: path, configuration: configuration, window: window, scheduler: scheduler ?? DispatchWriteScheduler())
    }

    /// A restorer on a copy of the database file at `database` (a report's redacted export, a
    /// fixture), made before anything opens it; the file at `database` is only read.
    ///
    /// - Throws: the file system's error when it cannot be copied.
    public init(
        copying database: String, configuration: DatabaseConfiguration = DatabaseConfiguration(), window: Duration = .seconds(1),
        scheduler: ManualWriteScheduler? = nil
    ) throws {
        folder = try Self.makeFolder()
        path = folder + "/state.sqlite"
        do {
            try FileManager.default.copyItem(atPath: database, toPath: path)
        } catch {
            try? FileManager.default.removeItem(atPath: folder)
            throw error
        }
        restorer = StateRestorer(path: path, configuration: configuration, window: window, scheduler: scheduler ?? DispatchWriteScheduler())
    }

    /// Saves `state` as the record of its kind for `scene`, as a hand save does.
    public func seed<State: RestorableState>(_ state: State, for scene: SceneKey) throws {
        try restorer.save(state, for: scene)
    }

    /// Stores the sample record `name` of `kind`'s format folder (`v2.json`, `v1-no-book.json`
    /// in `folder`, such as `Formats/reader`) as it is, for `scene`: an older format restores
    /// through the upgrade, as on a device.
    ///
    /// - Throws: the file system's error when the sample cannot be read; `RestoreError` when
    ///   it is not a record this build may store.
    public func seed<State: RestorableState>(_ kind: State.Type, sample name: String, in folder: URL, for scene: SceneKey) throws {
        let bytes = try Data(contentsOf: folder.appendingPathComponent(name))
        let record = try RecordKind(State.self).validateForSave(bytes)
        // Through the write gate, as `restorectl save` writes it (a tool restored nothing).
        let store = try StateDatabase.openForWriting(path)
        defer { store.close() }
        try RecordSaving.save(record, for: scene, in: store)
    }

    /// Closes the restorer (writing what is pending) and removes the folder; later calls do
    /// nothing.
    public func close() throws {
        let wasOpen = isClosed.withLock { closed in
            defer { closed = true }
            return !closed
        }
        guard wasOpen else { return }
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try restorer.close()
    }

    deinit {
        try? close()
    }

    private static func makeFolder() throws -> String {
        let folder = NSTemporaryDirectory() + "/restorer-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        return folder
    }
}
