import CSQLite
import Foundation

extension Database {
    /// Copies the whole database into a new file at `destination` with SQLite's online backup
    /// API, consistent even while other connections write.
    ///
    /// The destination is created with mode 0600 and must not exist yet: nothing, not even a
    /// symbolic link, may be there (a link is never followed).
    package func backup(to destination: String) throws(StoreError) {
        try Self.refuseExisting(destination, named: "backup destination")
        do {
            Foundation.close(try SiblingFile.open(destination, O_WRONLY | O_CREAT | O_EXCL))
        } catch {
            throw StoreError.sqlite(extendedCode: SQLITE_CANTOPEN, message: error.localizedDescription, systemErrorCode: error.errno)
        }
        // The copy goes through the same VFS as this connection: it is written beside the
        // database, on the same storage, and must meet the same faults and rules.
        var targetConfiguration = DatabaseConfiguration()
        targetConfiguration.vfsName = configuration.vfsName
        let target: Database
        do {
            target = try Database(DatabaseFile(linkFree: destination), .ownFile, configuration: targetConfiguration)
        } catch {
            // The empty file made above must not stay: it would read as an empty database.
            unlink(destination)
            throw error
        }
        defer { target.close() }
        guard let backup = sqlite3_backup_init(target.handle, "main", handle, "main") else {
            let error = target.error(sqlite3_errcode(target.handle), sql: nil)
            try? FileManager.default.removeItem(atPath: destination)
            throw error
        }
        let stepCode = sqlite3_backup_step(backup, -1)
        let finishCode = sqlite3_backup_finish(backup)
        guard stepCode == SQLITE_DONE, finishCode == SQLITE_OK else {
            let code = stepCode == SQLITE_DONE ? finishCode : stepCode
            // What the system said, when it said anything (no descriptor left to open the
            // copy's journal, no space): asked before the close, which would reset it.
            let systemCode = target.handle.map { sqlite3_system_errno($0) } ?? 0
            target.close()
            // A copy that failed at its commit (disk full, fsync error) can leave a hot journal
            // or a WAL beside it; remove those with it, or the next copy at this path would find them.
            for suffix in ["", "-journal", "-wal", "-shm"] { unlink(destination + suffix) }
            let cause = systemCode == 0 ? "" : " (\(SystemErrorCause.describe(systemCode)))"
            throw StoreError.sqlite(
                extendedCode: code, message: "backup to \(destination) failed: \(String(cString: sqlite3_errstr(code)))\(cause)", systemErrorCode: systemCode)
        }
    }

    /// Throws `SQLITE_CANTOPEN` when something other than a regular file is at `path` (a link,
    /// a folder, a FIFO…), naming it and `consequence` ("the backup was not written…"): what the
    /// package would write or remove there is never written through a link or over anything
    /// else, and nothing there is removed. `ELOOP` for a link, `EEXIST` for anything else.
    static func refuseNonRegularFile(at path: String, _ consequence: String) throws(StoreError) {
        guard let kind = SiblingFile.kindOfNonRegularFile(at: path) else { return }
        throw StoreError.sqlite(
            extendedCode: SQLITE_CANTOPEN, message: "\(path) is \(kind), not a regular file; \(consequence)",
            systemErrorCode: kind == SiblingFile.symbolicLinkKind ? ELOOP : EEXIST)
    }

    /// Throws unless nothing, not even a link, is at `path`, naming it "`role` `path`".
    static func refuseExisting(_ path: String, named role: String) throws(StoreError) {
        var status = stat()
        guard lstat(path, &status) != 0 else {
            let what = SiblingFile.kindOfNonRegularFile(at: path).map { " (\($0))" } ?? ""
            throw StoreError.sqlite(extendedCode: SQLITE_CANTOPEN, message: "\(role) \(path) already exists\(what)", systemErrorCode: EEXIST)
        }
    }
}
