import Dispatch
import StateStore

/// A migration too long for the launch path (`DatabaseConfiguration.launchMigrationLimitBytes`),
/// run once per file on a background queue while restores answer `database-needs-migration`
/// with defaults. Each migration step commits on its own, so a kill mid-way loses nothing: the
/// next launch finds the file at the step it reached and starts the rest again.
enum DeferredMigration {
    /// The files being migrated in this process, by resolved path, with what waits for them.
    private static let running = Locked<[String: DispatchGroup]>([:])
    /// Why the last background migration of a file failed, by resolved path.
    private static let failures = Locked<[String: String]>([:])
    private static let queue = DispatchQueue(label: "restorectl.deferred-migration", qos: .utility)
    /// Called on the background queue with the path before each migration starts (tests hold
    /// a migration here to look at the launch meanwhile).
    static let startHook = Locked<(@Sendable (String) -> Void)?>(nil)

    /// Whether a migration of `path` is running in this process.
    static func isRunning(_ path: String) -> Bool {
        running.withLock { $0[path] != nil }
    }

    /// Starts migrating `path` in the background unless that is already happening.
    static func start(_ path: String, configuration: DatabaseConfiguration) {
        let group = DispatchGroup()
        let isNew = running.withLock { running -> Bool in
            guard running[path] == nil else { return false }
            running[path] = group
            return true
        }
        guard isNew else { return }
        group.enter()
        queue.async {
            startHook.withLock { $0 }?(path)
            do {
                let store = try Store(path: path, configuration: configuration, migrator: StateMigrations.makeMigrator(for: configuration))
                store.close()
                failures.withLock { $0[path] = nil }
            } catch {
                failures.withLock { $0[path] = error.localizedDescription }
            }
            running.withLock { $0[path] = nil }
            group.leave()
        }
    }

    /// Why the last background migration of `path` failed, if it did.
    static func failure(of path: String) -> String? {
        failures.withLock { $0[path] }
    }

    /// Blocks until the migration of `path` running now (if any) has ended.
    static func waitUntilFinished(_ path: String) {
        running.withLock { $0[path] }?.wait()
    }
}
