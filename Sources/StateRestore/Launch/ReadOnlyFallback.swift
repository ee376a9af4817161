import Foundation
import StateStore

/// The launch's way to read a database it cannot write: a full disk, a read-only mount or
/// folder, a file of mode 0400. The stored state is read without creating anything (SQLite's
/// `immutable=1` where the log is absent or empty, its read-only WAL rules otherwise), so a
/// healthy file never reads as empty, and nothing is ever moved aside because of it.
enum ReadOnlyFallback {
    /// The files beside a database before an open that may fail, so that what the failed open
    /// began (a `-wal` of no bytes, a `-shm` too short to be anyone's WAL index) can go.
    struct Siblings {
        let path: String
        let hadLog: Bool
        let hadIndex: Bool

        init(of path: String) {
            self.path = path
            hadLog = FileManager.default.fileExists(atPath: path + "-wal")
            hadIndex = FileManager.default.fileExists(atPath: path + "-shm")
        }

        /// Removes the `-wal` and `-shm` the failed open made, when nobody can be using them:
        /// a log with nothing in it, an index shorter than one WAL-index page (32 KiB).
        func removeWhatTheFailedOpenLeft() {
            guard !hadLog, size(path + "-wal") == 0 else { return }
            if !hadIndex, let indexSize = size(path + "-shm"), indexSize < 32_768 { unlink(path + "-shm") }
            unlink(path + "-wal")
        }

        private func size(_ file: String) -> Int? {
            var status = stat()
            return lstat(file, &status) == 0 ? Int(status.st_size) : nil
        }
    }

    /// Why this process may not write the existing file at `path` (the cause in words), or nil
    /// when it may or the file does not exist. One `access(2)`: a folder that refuses the log
    /// makes the normal open fail instead, which falls back the same way.
    static func cannotWrite(_ path: String) -> String? {
        guard access(path, W_OK) != 0 else { return nil }
        let code = errno
        return code == ENOENT ? nil : cause(code)
    }

    /// Whether `error` says the storage refused (no space, read-only, no permission, cannot
    /// open or create, an I/O error): a fault to read around, never damage to move aside.
    static func isStorageFault(_ error: SQLiteError) -> Bool {
        switch error.code {
        case .cannotOpen, .permission, .readOnly, .full, .ioError: !error.indicatesDamage
        default: false
        }
    }

    /// The read-only opening, reported; unavailable (with the cause) when even that fails.
    static func open(_ path: String, because reason: String) -> LaunchDatabase.Opening {
        do {
            let store = try Store(readingExistingFileAt: path)
            let entry = RestoreReportEntry(
                .databaseReadOnly,
                "the database cannot be written (\(reason)); its stored state was read without writing, and saves wait until it can be written")
            return LaunchDatabase.Opening(store: store, report: [entry])
        } catch {
            return LaunchDatabase.Opening(
                store: nil,
                report: [RestoreReportEntry(.databaseUnavailable, "the database cannot be written (\(reason)) nor read: \(error.localizedDescription); nothing was moved or created")]
            )
        }
    }

    /// The cause of `code` in words, with its name: `EACCES (Permission denied)`.
    static func cause(_ code: Int32) -> String {
        let names: [Int32: String] = [EACCES: "EACCES", EROFS: "EROFS", ENOSPC: "ENOSPC", EPERM: "EPERM", EMFILE: "EMFILE", EIO: "EIO"]
        return "\(names[code] ?? "errno \(code)") (\(String(cString: strerror(code))))"
    }
}
