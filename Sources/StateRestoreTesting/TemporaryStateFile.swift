import Foundation
import StateRestore
import StateStore

/// A database path in a new, empty folder of its own, removed with everything in it when the
/// value goes: for an app's tests that open, close and reopen restorers on one file (a relaunch)
/// and look at the files beside it.
///
/// ```swift
/// let file = try TemporaryStateFile()
/// let release1 = StateRestorer(path: file.path)
/// try release1.save(ReaderStateV1(bookID: 7, pageNumber: 42), for: key)
/// try release1.close()
/// let release2 = StateRestorer(path: file.path)  // the next launch, on the same file
/// ```
///
/// Nothing is created at ``path`` until a restorer opens it. The folder is under the temporary
/// folder's real path (on Apple platforms `/var` is a link, and a database is opened through
/// none). Close every restorer on the file before the value goes.
public final class TemporaryStateFile: Sendable {
    /// The folder the file (and its `-wal`, `-shm`, guard file and backups) lives in.
    public let folder: URL
    /// The database file's path.
    public let path: String

    /// A path named `name` in a new, empty folder.
    ///
    /// - Throws: the file system's error when the folder cannot be made.
    public init(named name: String = "state.sqlite") throws {
        let temporary = FileManager.default.temporaryDirectory.path
        let real = realpath(temporary, nil).map { pointer in
            defer { free(pointer) }
            return String(cString: pointer)
        }
        folder = URL(fileURLWithPath: real ?? temporary, isDirectory: true).appendingPathComponent("restorer-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        path = folder.appendingPathComponent(name).path
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    /// The path of `name` in the file's folder: a document, a copy, a second database.
    public func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    /// Leaves, beside the file, the marks a launch killed while applying these restores leaves
    /// (its lock gone with it): the next restorer's first restore treats each as a crash of the
    /// previous launch (`restore-crashed`: the record moves to the quarantine, the screen starts
    /// from defaults). For a test of what the launch after a crash does, without a process to
    /// kill.
    ///
    /// - Throws: the file system's error when the guard file cannot be written.
    public func leaveMarksOfAKilledLaunch<State: RestorableState>(restoring kind: State.Type, _ scenes: [SceneKey]) throws {
        try LaunchGuardFile.leaveMarksOfAKilledProcess(
            beside: path, scenes.map { LaunchGuardMark(account: $0.account, scene: $0.scene, kind: State.kind) })
    }
}
