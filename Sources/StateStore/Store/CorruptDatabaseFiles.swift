import Foundation

/// Moves an unreadable database file, with its `-wal` and `-shm` companions, aside
/// byte-identical, so a fresh database can take its place and nothing is lost.
package enum CorruptDatabaseFiles {
    /// How many moved-aside copies are kept beside a database.
    package static let copiesKept = 3

    /// Renames `path` (and its `-wal`/`-shm`) to `<path>.corrupt-<UTC timestamp>`, then removes
    /// all but the newest `copiesKept` such copies. Returns the new path of the main file.
    package static func moveAside(_ path: String, at date: Date = Date()) throws -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        let stamp = formatter.string(from: date)
        let manager = FileManager.default
        var destination = "\(path).corrupt-\(stamp)"
        var attempt = 1
        // `lstat`, not `fileExists`: a link planted at a name is something there (never followed).
        var status = stat()
        while lstat(destination, &status) == 0 || lstat(destination + "-wal", &status) == 0 || lstat(destination + "-shm", &status) == 0 {
            attempt += 1
            destination = "\(path).corrupt-\(stamp)-\(attempt)"
        }
        // The companions first: a main file without its WAL is the worse half-state. When the
        // main file cannot be moved, they are put back: the file stays whole at its path, its
        // log beside it, as before the attempt (a log left under the copy's name was no file's).
        // Linked back, never renamed over: a log another process made there meanwhile stays.
        var moved: [String] = []
        do {
            for suffix in ["-wal", "-shm"] where lstat(path + suffix, &status) == 0 {
                try manager.moveItem(atPath: path + suffix, toPath: destination + suffix)
                moved.append(suffix)
            }
            try manager.moveItem(atPath: path, toPath: destination)
        } catch {
            for suffix in moved.reversed() where link(destination + suffix, path + suffix) == 0 { unlink(destination + suffix) }
            throw error
        }
        pruneCopies(of: path)
        return destination
    }

    /// Whether the file at `path` is certainly not an SQLite database: it is not empty and does
    /// not start with the 100-byte SQLite header. Checked before SQLite opens the file, which
    /// would otherwise treat a `-wal` beside it as its own log and may delete it.
    ///
    /// Never read while this process has a connection open on the file (it was readable enough
    /// for that connection, and closing a descriptor of the file would drop that connection's
    /// locks): then it answers false.
    package static func lacksDatabaseHeader(_ path: String) -> Bool {
        guard !Database.hasOpenConnection(to: path) else { return false }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var header = [UInt8](repeating: 0, count: 100)
        let read = header.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, 100, 0) }
        guard read > 0 else { return false }
        return read < 100 || !header.starts(with: Array("SQLite format 3\u{0}".utf8))
    }

    /// The moved-aside copies of `path`, oldest first.
    package static func copies(of path: String) -> [String] {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        let prefix = url.lastPathComponent + ".corrupt-"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { $0.afterBytes(of: prefix) != nil && !$0.hasSuffix("-wal") && !$0.hasSuffix("-shm") }
            .sorted()
            .map { (folder as NSString).appendingPathComponent($0) }
    }

    private static func pruneCopies(of path: String) {
        for old in copies(of: path).dropLast(copiesKept) {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: old + suffix) }
        }
    }
}
