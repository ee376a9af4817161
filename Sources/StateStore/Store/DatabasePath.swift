import Foundation

/// Where a database named by a path really lives: resolved once, so every sibling (`-wal`,
/// `-shm`, the guard file, backups, moved-aside copies, staging files) is made beside the real
/// file, and refused at once when it names something SQLite must not open.
///
/// A path means what the kernel means by it:
/// - A relative path is made absolute against the working directory at the resolution (once:
///   a later `chdir` changes nothing).
/// - The folder is resolved fully (`realpath(3)`): an app's container under a linked `/var` or
///   `/tmp` is the app's own file.
/// - Only the last component counts as a link: it is followed (a relative target from the
///   link's own folder, again and again, up to the kernel's 40 links) to an **existing regular
///   file** only. A dangling link is refused with ``StoreError/danglingLink(path:target:)``, so
///   nothing is ever created through a link, and a loop with
///   ``StoreError/notARegularFile(path:kind:)``.
/// - A FIFO, socket, device or directory is refused with ``StoreError/notARegularFile(path:kind:)``
///   before anything opens it (opening a FIFO blocks until a writer appears).
///
/// ``DatabaseFile/init(resolving:)`` applies these rules, once per path; the path it keeps holds
/// no link at all, so it is opened with `SQLITE_OPEN_NOFOLLOW`: a link swapped in later is
/// refused, not followed.
package enum DatabasePath {
    /// `path` made absolute with its folder resolved (`realpath(3)`), the last component left as
    /// it is even when it is a link: for a path that must not exist yet (a move's destination,
    /// an export), where a link is something that exists and is refused, never followed.
    package static func inResolvedFolder(_ path: String) -> String {
        guard !path.isEmpty else { return path }
        let (folder, name) = split(absolute(path))
        guard let real = realFolder(folder) else { return folder == "/" ? "/" + name : folder + "/" + name }
        return real == "/" ? "/" + name : real + "/" + name
    }

    /// Whether `path`, as SQLite reads it, names no file of the file system (`:memory:`, a URI,
    /// a temporary database). Only a path this package names itself can be one (an in-memory
    /// database, a URI it builds): a path an app or the tool gives is always the kernel's, and
    /// is made absolute before SQLite sees it, so `:memory:` or `file:x` there is a file of
    /// that name in the working directory.
    static func isSpecial(_ path: String) -> Bool { path.isEmpty || path == ":memory:" || path.hasPrefix("file:") }

    /// Why `path`, given for a database file or an output file, can name no regular file, or
    /// nil: an empty path names none, and a path that ends in a slash names a folder (the
    /// kernel refuses to create or open a regular file by it).
    package static func refusal(of path: String) -> StoreError? {
        if path.isEmpty { return .notARegularFile(path: path, kind: "an empty path, which names no file") }
        if path.utf8.last == UInt8(ascii: "/") { return .notARegularFile(path: path, kind: "a path ending in a slash, which names a folder") }
        return nil
    }

    /// The first of `path` and its folder this process may not write (`access(2)`), with the
    /// `errno` that says why (`EROFS` on read-only storage, `EACCES`), or nil when both may be.
    /// What a move (which removes the file and leaves its note) and SQLite (which makes the
    /// log and its index beside the file) need of both.
    package static func unwritable(fileOrFolderOf path: String) -> (path: String, errno: Int32)? {
        let folder = (path as NSString).deletingLastPathComponent
        for candidate in [path, folder.isEmpty ? "." : folder] where access(candidate, W_OK) != 0 {
            return (candidate, errno)
        }
        return nil
    }

    /// `path` against the working directory now, when it is relative.
    static func absolute(_ path: String) -> String {
        guard !path.hasPrefix("/") else { return path }
        guard let cwd = getcwd(nil, 0) else { return path }
        defer { free(cwd) }
        let directory = String(cString: cwd)
        return directory == "/" ? "/" + path : directory + "/" + path
    }

    /// The folder and the last component of an absolute path (trailing slashes dropped). Works
    /// on the UTF-8 bytes: a `/` is one byte in every path, and grapheme breaking a path costs a
    /// launch more than resolving it.
    static func split(_ path: String) -> (folder: String, name: String) {
        let slash = UInt8(ascii: "/")
        var bytes = Array(path.utf8)
        while bytes.count > 1, bytes.last == slash { bytes.removeLast() }
        guard let last = bytes.lastIndex(of: slash) else { return (".", path) }
        let folder = last == 0 ? "/" : String(decoding: bytes[..<last], as: UTF8.self)
        return (folder, String(decoding: bytes[(last + 1)...], as: UTF8.self))
    }

    /// `folder` with every link and `.`/`..` resolved, or nil when it does not resolve (missing,
    /// unreadable, a dangling link).
    static func realFolder(_ folder: String) -> String? {
        guard let resolved = realpath(folder, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// What the link at `path` holds.
    static func linkTarget(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
