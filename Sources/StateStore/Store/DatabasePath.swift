import Foundation

/// Where a database named by a path really lives: resolved once, so every sibling (`-wal`,
/// `-shm`, the guard file, backups, moved-aside copies, staging files) is made beside the real
/// file, and refused at once when it names something SQLite must not open.
///
/// - An existing symlink is followed to its target (relative targets from the link's folder);
///   a dangling one names the file to create at its target.
/// - A FIFO, socket, device or directory is refused with ``StoreError/notARegularFile(path:kind:)``
///   before anything opens it (opening a FIFO blocks until a writer appears).
package enum DatabasePath {
    /// The path the database is opened at: `path`, or what its symlinks point to.
    package static func resolved(_ path: String) throws(StoreError) -> String {
        guard !path.isEmpty, path != ":memory:", !path.hasPrefix("file:") else { return path }
        var current = path
        for _ in 0..<32 {  // as many links as the kernel follows
            var status = stat()
            guard lstat(current, &status) == 0 else { return current }  // missing: created here
            switch status.st_mode & S_IFMT {
            case S_IFREG: return current
            case S_IFLNK:
                guard let target = linkTarget(current) else { return current }
                current = target.hasPrefix("/") ? target : (current as NSString).deletingLastPathComponent + "/" + target
            case S_IFIFO: throw .notARegularFile(path: path, kind: "a FIFO")
            case S_IFSOCK: throw .notARegularFile(path: path, kind: "a socket")
            case S_IFCHR, S_IFBLK: throw .notARegularFile(path: path, kind: "a device")
            case S_IFDIR: throw .notARegularFile(path: path, kind: "a directory")
            default: throw .notARegularFile(path: path, kind: "not a regular file")
            }
        }
        throw .notARegularFile(path: path, kind: "a loop of symlinks")
    }

    private static func linkTarget(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
