import CSQLite
import Foundation

extension Database {
    /// Copies the whole database into a new file at `destination` with SQLite's online backup
    /// API, consistent even while other connections write.
    ///
    /// The destination is created with mode 0600 and must not exist yet.
    public func backup(to destination: String) throws(SQLiteError) {
        guard !FileManager.default.fileExists(atPath: destination) else {
            throw SQLiteError(extendedCode: SQLITE_CANTOPEN, message: "backup destination \(destination) already exists")
        }
        let target = try Database(path: destination, configuration: DatabaseConfiguration(access: .readWrite(createIfMissing: true)))
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
            target.close()
            try? FileManager.default.removeItem(atPath: destination)
            throw SQLiteError(extendedCode: code, message: "backup to \(destination) failed: \(String(cString: sqlite3_errstr(code)))")
        }
    }
}
