import Foundation
import StateStore

/// The launch's way to read a database it cannot write: a full disk, a read-only mount or
/// folder, a file of mode 0400. The stored state is read without creating anything (SQLite's
/// `immutable=1` where the log is absent or empty, its read-only WAL rules otherwise), so a
/// healthy file never reads as empty, and nothing is ever moved aside because of it.
enum ReadOnlyFallback {
    /// Why this process may not write the existing `file` (the cause in words), or nil when it
    /// may or the file does not exist. One `access(2)`: a folder that refuses the log makes the
    /// normal open fail instead, which falls back the same way.
    static func cannotWrite(_ file: DatabaseFile) -> String? {
        guard access(file.path, W_OK) != 0 else { return nil }
        let code = errno
        return code == ENOENT ? nil : SystemErrorCause.describe(code)
    }

    /// The reading of a newer release's file that records this build may read it but not
    /// write it: the same read-only opening, reported as `database-newer-read`; refused as
    /// `database-newer` when even reading fails (the file changed meanwhile).
    /// `migrations` are the reading build's (the embedded ones when nil).
    static func openNewer(_ file: DatabaseFile, schemaVersion: Int, latestKnown: Int, writableBy: Int, migrations: [MigrationFile]?) -> LaunchDatabase.Opening {
        do {
            let store = try Store(reading: file, migrations: migrations, kindBeforeKinds: StateMigrations.kindBeforeKinds)
            return LaunchDatabase.Opening(store: store, report: [newerReadEntry(schemaVersion: schemaVersion, latestKnown: latestKnown, writableBy: writableBy)])
        } catch {
            return .unopened(
                .databaseNewer,
                "the database has schema version \(schemaVersion), newer than this build knows (\(latestKnown)), and could not be read: \(error.localizedDescription); nothing was read or changed"
            )
        }
    }

    /// The report of a newer release's file read without writing (`database-newer-read`).
    static func newerReadEntry(schemaVersion: Int, latestKnown: Int, writableBy: Int) -> RestoreReportEntry {
        RestoreReportEntry(
            .databaseNewerRead,
            "the database has schema version \(schemaVersion), newer than this build knows (\(latestKnown)); the release that wrote it lets this build read it but only builds of schema \(writableBy) and later write it, so its stored state was read without writing, and saves are refused"
        )
    }

    /// The read-only opening, reported; unavailable (with the cause) when even that fails.
    /// `migrations` are the reading build's (the embedded ones when nil).
    static func open(_ file: DatabaseFile, because reason: String, migrations: [MigrationFile]?) -> LaunchDatabase.Opening {
        do {
            let store = try Store(reading: file, migrations: migrations, kindBeforeKinds: StateMigrations.kindBeforeKinds)
            let entry = RestoreReportEntry(
                .databaseReadOnly,
                "the database cannot be opened for writing (\(reason)); its stored state was read without writing, and saves wait until it can be written")
            return LaunchDatabase.Opening(store: store, report: [entry])
        } catch {
            return .unopened(.databaseUnavailable, "the database cannot be opened for writing (\(reason)) nor read: \(error.localizedDescription); nothing was moved or created")
        }
    }
}
