import CSQLite
import Foundation
import MigrationHeader

extension Migrator {
    /// Copies the database to `<db>.backup-v<version>` with the online backup API and keeps
    /// only the newest `backupsKept` copies.
    ///
    /// Processes migrating one file at once take turns (an advisory lock on `<db>.backup-lock`)
    /// and copy to `<backup>.partial` first, renaming it into place only when the copy is still
    /// at `version`: otherwise they would delete each other's copy mid-write, or a process that
    /// waited while another migrated would replace the good backup with the migrated file.
    ///
    /// Only regular files are backups: a link, a folder or anything else at the backup's path
    /// or its `.partial` refuses the migration before anything is copied (nothing is written
    /// through a link, and nothing replaces one), and the pruning counts and removes regular
    /// files only, one `unlink` each, so a folder named like a backup is never emptied.
    func backUp(_ db: Database, version: Int) throws {
        let destination = "\(db.path).backup-v\(version)"
        let partial = destination + ".partial"
        // A name older builds made (up to 247 bytes) leaves no room for the backup's copy and its
        // journal: said in the database's words, where SQLite's refusal named the copy.
        guard DatabasePath.sqliteCanMake(partial) else {
            throw StoreError.sqlite(
                extendedCode: SQLITE_CANTOPEN,
                message: "cannot back up \(db.path) before migrating it: its name is \(DatabasePath.split(db.path).name.utf8.count) bytes, and the "
                    + "backup's copy beside it (\(DatabasePath.split(partial).name.utf8.count) bytes, with SQLite's -journal more) would be over "
                    + "the \(DatabasePath.longestFileName) bytes a file name may have, or its path over the \(DatabasePath.longestSQLitePath) bytes "
                    + "SQLite opens; move the database to a name of at most "
                    + "\(DatabasePath.longestFileName - DatabasePath.longestSiblingSuffix) bytes (restorectl move) and migrate again; nothing was migrated",
                systemErrorCode: ENAMETOOLONG)
        }
        try Self.withBackupLock(for: db.path, waitingAtMost: db.configuration.busyTimeoutMilliseconds) {
            for path in [destination, partial] {
                try Database.refuseNonRegularFile(at: path, "the backup was not written and nothing was migrated")
            }
            unlink(partial)
            do {
                try Self.reading(db.path) { try db.backup(to: partial) }
            } catch {
                for suffix in ["", "-journal", "-wal", "-shm"] { unlink(partial + suffix) }
                throw error
            }
            guard Self.userVersionInHeader(of: partial) == version else {
                unlink(partial)
                return
            }
            guard rename(partial, destination) == 0 else {
                let code = errno
                unlink(partial)
                throw StoreError.sqlite(extendedCode: SQLITE_CANTOPEN, message: "cannot rename \(partial) to \(destination): \(SystemErrorCause.describe(code))", systemErrorCode: code)
            }
        }
        let url = URL(fileURLWithPath: db.path)
        let folder = url.deletingLastPathComponent().path
        let prefix = url.lastPathComponent + ".backup-v"
        let backups = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        // A backup is named `<db>.backup-v<N>` (N in plain digits) and holds schema N, the one
        // it was taken at: a file of another version under such a name is a database someone
        // named so, never removed here (it was, with what it held). The file listed is the one
        // removed (a name like `backup-v01` rebuilt as `backup-v1` named another file).
        let versions = backups.compactMap { name -> (version: Int, name: String)? in
            guard let rest = name.afterBytes(of: prefix), rest.utf8.allSatisfy({ (48...57).contains($0) }), rest == "0" || !rest.hasPrefix("0"),
                let version = Int(rest), DatabaseFile.identity(at: folder + "/" + name) != nil,
                Self.userVersionInHeader(of: folder + "/" + name) == version
            else { return nil }
            return (version, name)
        }
        for old in versions.sorted(by: { $0.version > $1.version }).dropFirst(max(backupsKept, 1)) {
            unlink(folder + "/" + old.name)
        }
    }

    /// `PRAGMA user_version` read from the file header (big-endian, offset 60) without opening
    /// the file with SQLite, which would leave `-wal`/`-shm` files beside a backup in WAL mode.
    static func userVersionInHeader(of path: String) -> Int? {
        guard let file = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? file.close() }
        guard (try? file.seek(toOffset: 60)) != nil, let bytes = try? file.read(upToCount: 4), bytes.count == 4 else { return nil }
        return Int(Int32(bitPattern: bytes.reduce(0) { $0 << 8 | UInt32($1) }))
    }

    /// Runs `body` holding an exclusive `flock` on `<path>.backup-lock`, which the system
    /// releases if the process dies. The lock file stays: removing it would race with waiters.
    ///
    /// Waits for another process's hold at most `timeout` milliseconds, as a statement waits
    /// for a database lock, then throws `SQLITE_BUSY` (a launch answers `database-busy`, the
    /// tool exits 75): a migration stopped while it backed the file up (a process suspended
    /// in the debugger, or by the system) made every writer wait for it for good.
    static func withBackupLock(for path: String, waitingAtMost timeout: Int32, _ body: () throws -> Void) throws {
        let lockPath = path + ".backup-lock"
        let descriptor: Int32
        do {
            descriptor = try SiblingFile.open(lockPath, O_RDWR | O_CREAT)
        } catch {
            throw StoreError.sqlite(extendedCode: SQLITE_CANTOPEN, message: error.localizedDescription, systemErrorCode: error.errno)
        }
        defer { close(descriptor) }
        var waited: Int32 = 0
        var pause: Int32 = 1
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            let code = errno
            if code == EINTR { continue }
            guard code == EWOULDBLOCK else {
                throw StoreError.sqlite(extendedCode: SQLITE_CANTOPEN, message: "cannot lock \(lockPath): \(SystemErrorCause.describe(code))", systemErrorCode: code)
            }
            guard waited < timeout else {
                throw StoreError.sqlite(
                    extendedCode: SQLITE_BUSY,
                    message: "another process is backing \(path) up before migrating it, and held \(lockPath) for longer than \(timeout) ms; nothing was migrated",
                    systemErrorCode: code)
            }
            sqlite3_sleep(pause)
            waited += pause
            pause = min(pause * 2, 50)
        }
        try body()
    }
}
