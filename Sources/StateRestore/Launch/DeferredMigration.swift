import Dispatch
import Foundation
import StateStore

/// A migration too long for the launch path (`DatabaseConfiguration.launchMigrationLimitBytes`),
/// run once per file on a background queue while restores answer `database-needs-migration`
/// with defaults. Each migration step commits on its own, so a kill mid-way loses nothing: the
/// next launch finds the file at the step it reached and starts the rest again.
enum DeferredMigration {
    /// Guards `running`.
    private static let runningLock = NSLock()
    /// The files being migrated in this process, by device and inode and opened path
    /// (``FileKey``), with what waits for them. Lists, not dictionaries: see ``ScreenTable``.
    /// Reached only under `runningLock` (a static list under an `NSLock`, not a `Locked`:
    /// see `Locked`).
    @exclusivity(unchecked) nonisolated(unsafe) private static var running: [Running] = []

    /// One file's migration and the group its end leaves (a struct, not a tuple: see
    /// `ScreenTable`).
    private struct Running {
        let key: FileKey
        let group: DispatchGroup
    }

    /// Guards `failures`.
    private static let failuresLock = NSLock()
    /// Why the last background migration of a file failed, by the same key.
    /// Reached only under `failuresLock` (a static list under an `NSLock`, not a `Locked`:
    /// see `Locked`).
    @exclusivity(unchecked) nonisolated(unsafe) private static var failures: [Failure] = []

    /// One file's last failed migration (a struct, not a tuple: see `ScreenTable`).
    private struct Failure {
        let key: FileKey
        let reason: String
    }

    private static let queue = DispatchQueue(label: "restorectl.deferred-migration", qos: .utility)
    /// Called on the background queue with the path before each migration starts (tests hold
    /// a migration here to look at the launch meanwhile).
    static let startHook = Locked<(@Sendable (String) -> Void)?>(nil)

    /// Whether a migration of `file` is running in this process.
    static func isRunning(_ file: DatabaseFile) -> Bool {
        runningLock.withLock { running.contains { $0.key == file.key } }
    }

    /// Starts migrating `file` in the background unless that is already happening: opened as
    /// the launch resolved it, so a `chdir` or a link changed meanwhile changes nothing.
    static func start(_ file: DatabaseFile, configuration: DatabaseConfiguration) {
        let (path, key) = (file.path, file.key)
        let group = DispatchGroup()
        let isNew = runningLock.withLock { () -> Bool in
            guard !running.contains(where: { $0.key == key }) else { return false }
            running.append(Running(key: key, group: group))
            return true
        }
        guard isNew else { return }
        group.enter()
        queue.async {
            startHook.withLock { $0 }?(path)
            do {
                let store = try Store(file: file, configuration: configuration, migrator: StateMigrations.makeMigrator(migrations: configuration.migrations))
                store.close()
                failuresLock.withLock { failures.removeAll { $0.key == key } }
            } catch {
                let reason = error.localizedDescription
                failuresLock.withLock {
                    failures.removeAll { $0.key == key }
                    failures.append(Failure(key: key, reason: reason))
                }
            }
            runningLock.withLock { running.removeAll { $0.key == key } }
            group.leave()
        }
    }

    /// Why the last background migration of `file` failed, if it did.
    static func failure(of file: DatabaseFile) -> String? {
        failuresLock.withLock { failures.first { $0.key == file.key }?.reason }
    }

    /// Blocks until the migration of `file` running now (if any) has ended.
    static func waitUntilFinished(_ file: DatabaseFile) {
        runningLock.withLock { running.first { $0.key == file.key }?.group }?.wait()
    }
}
