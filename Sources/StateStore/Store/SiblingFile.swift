import Foundation

/// Opens the files the engine keeps beside a database (the guard file, staging files, the
/// backup lock, backups, moved-aside copies, relocation targets) without ever following a
/// link: a link planted at such a path would make a write land in the file it points to.
///
/// Every open adds `O_NOFOLLOW` (a link is refused with `ELOOP`) and checks with `fstat` that
/// what was opened is a regular file; a creation that must not meet an existing file adds
/// `O_EXCL`. The database path itself is resolved once, links followed, by ``DatabasePath``.
package enum SiblingFile {
    /// Why a file beside the database was refused or could not be opened.
    package enum Refusal: Error, Equatable, Sendable, LocalizedError {
        /// The path is a symbolic link (never followed), or something other than a regular file.
        case notARegularFile(path: String, kind: String)
        /// The system refused the open (`errno`: missing, no space, no descriptor left…).
        case unavailable(path: String, errno: Int32)

        /// One line naming the path and why.
        package var errorDescription: String? {
            switch self {
            case .notARegularFile(let path, let kind): "\(path) is \(kind), not a regular file; a file beside the database is never opened through one"
            case .unavailable(let path, let code): "cannot open \(path): \(SystemErrorCause.describe(code))"
            }
        }

        /// The `errno` the refusal stands for (`ELOOP` for a link, `EINVAL` for anything else
        /// that is not a regular file).
        package var errno: Int32 {
            switch self {
            case .notARegularFile(_, let kind): kind == SiblingFile.symbolicLinkKind ? ELOOP : EINVAL
            case .unavailable(_, let code): code
            }
        }
    }

    /// Opens `path` with `flags` (`O_RDONLY`, `O_RDWR | O_CREAT`, …) plus `O_NOFOLLOW`,
    /// `O_CLOEXEC` and `O_NONBLOCK`, creating with `mode`; returns the descriptor of a regular file.
    package static func open(_ path: String, _ flags: Int32, mode: mode_t = 0o600) throws(Refusal) -> Int32 {
        // O_NONBLOCK: a FIFO planted there must not block the open (a regular file ignores it).
        let descriptor = Foundation.open(path, flags | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK, mode)
        guard descriptor >= 0 else {
            let code = Foundation.errno
            if code == ELOOP || code == EISDIR || code == ENXIO, let kind = kindOfNonRegularFile(at: path) { throw .notARegularFile(path: path, kind: kind) }
            throw .unavailable(path: path, errno: code)
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let code = Foundation.errno
            Foundation.close(descriptor)
            throw .unavailable(path: path, errno: code)
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            Foundation.close(descriptor)
            throw .notARegularFile(path: path, kind: kind(of: status.st_mode))
        }
        return descriptor
    }

    /// Opens `path` for reading and writing, creating it (mode 0600, `O_EXCL`) when it is
    /// missing, and whether this call made it: only the process that made a file may remove it
    /// when laying it out fails, never one that found another process's new file still empty
    /// (that one's lock would then be on a file no other process sees).
    package static func openOrCreate(_ path: String) throws(Refusal) -> (descriptor: Int32, created: Bool) {
        for attempt in 0..<3 {
            do {
                return (try open(path, O_RDWR), false)
            } catch .unavailable(_, let code) where code == ENOENT {
                do {
                    return (try open(path, O_RDWR | O_CREAT | O_EXCL), true)
                } catch .unavailable(_, let code) where code == EEXIST && attempt < 2 {
                    continue  // made by another process between the two opens: opened as it is
                }
            }
        }
        throw .unavailable(path: path, errno: EEXIST)
    }

    /// What is at `path` when it exists and is not a regular file ("a symbolic link", "a
    /// directory"…), else nil; the link itself is looked at, never its target.
    package static func kindOfNonRegularFile(at path: String) -> String? {
        var status = stat()
        guard lstat(path, &status) == 0, status.st_mode & S_IFMT != S_IFREG else { return nil }
        return kind(of: status.st_mode)
    }

    /// How ``kind(of:)`` names a symbolic link: the one kind whose refusal stands for `ELOOP`.
    static let symbolicLinkKind = "a symbolic link"

    static func kind(of mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFLNK: symbolicLinkKind
        case S_IFDIR: "a directory"
        case S_IFIFO: "a FIFO"
        case S_IFSOCK: "a socket"
        case S_IFCHR, S_IFBLK: "a device"
        default: "not a regular file"
        }
    }

    /// Whether `descriptor` is still the regular file at `path` (its ``DatabaseFile/Identity``,
    /// one `fstat` and one `lstat`): false once it was removed, or another file was put in its place.
    package static func isStill(_ descriptor: Int32, at path: String) -> Bool {
        var open = stat()
        return fstat(descriptor, &open) == 0 && DatabaseFile.identity(at: path) == DatabaseFile.Identity(open)
    }
}
