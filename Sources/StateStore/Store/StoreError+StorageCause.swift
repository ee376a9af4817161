import Foundation

extension StoreError {
    /// This error; or ``movedTo(path:destination:)`` (``fileNotFound(path:)``) when SQLite saw
    /// `ENOENT` because `file` itself is gone (moved away while it was opened); or, when it is
    /// SQLite's failure to open a file beside the existing database `file` having seen only
    /// `ENOENT`, the real cause: why the file or its folder cannot be
    /// written (`EROFS` on a read-only mount, `EACCES`), in a message naming what the open
    /// was for (`purpose`: "for writing", "to read it").
    ///
    /// SQLite reports the error of its last try: a `-wal` or `-shm` it may not create is
    /// retried read-only, and that retry finds no file. A writer needs the log and its index;
    /// a reader of a file whose log holds frames needs the index.
    package func namingTheStorageCause(of file: DatabaseFile, opening purpose: String) -> StoreError {
        // The file, there when the path was resolved, went while it was being opened (a move,
        // waited for, took it): where it went, or that it is gone, rather than SQLite's I/O
        // error on its path. (A path that had no file is a creation, whose errors stay.)
        if isSQLiteFailure, systemErrorCode == ENOENT, file.identity != nil, let missing = file.refusalIfMissing() { return missing }
        // SQLite's failure to open a file beside it having seen only ENOENT, or its "attempt to
        // write a readonly database" (the log's folder, or the file, this process may not write).
        let hidesTheCause = sqliteCode == .readOnly || (sqliteCode == .cannotOpen && systemErrorCode == ENOENT && file.refusalIfMissing() == nil)
        guard hidesTheCause, case .sqlite(let extendedCode, _, let sql, _) = self,
            let (path, code) = DatabasePath.unwritable(fileOrFolderOf: file.path)
        else { return self }
        return StoreError.sqlite(
            extendedCode: extendedCode,
            message: "cannot open \(file.path) \(purpose): \(path) cannot be written (\(SystemErrorCause.describe(code))), and SQLite needs its log and index beside it",
            sql: sql, systemErrorCode: code)
    }
}
