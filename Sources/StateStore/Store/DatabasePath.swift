import CSQLite
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

    /// The longest file name, in bytes, the file systems an app stores on take (`NAME_MAX`).
    static let longestFileName = 255

    /// How many bytes longer than the database's name the longest name the store makes beside
    /// it is: a damaged file's moved-aside log, `<db>.corrupt-<UTC stamp>-<attempt>-wal` (32
    /// with a two-digit attempt). The others are shorter: a migration backup's partial copy's
    /// journal, `<db>.backup-v<N>.partial-journal` (26 until schema 10), SQLite's `-journal` (8).
    static let longestSiblingSuffix = 32

    /// The longest path, in bytes, the store creates a database at: SQLite's unix file system
    /// opens paths of at most 512 bytes (`mxPathname`), and it opens the migration backup's
    /// partial copy's journal, 26 bytes longer than the database's path.
    static let longestDatabasePath = longestSQLitePath - 26

    /// The longest path, in bytes, SQLite's unix file system opens (`mxPathname`).
    static let longestSQLitePath = 512

    /// The name of a staging copy of `path` (`<path><marker><pid>-<UUID>`), where a database is
    /// made whole before it is linked into place; ``Database/removeStaleStagingFiles(beside:marked:)``
    /// knows exactly this shape.
    static func stagingName(of path: String, marker: String) -> String {
        path + marker + "\(getpid())-" + UUID().uuidString
    }

    /// Why no database can be made at `path`, or nil: a name with no room for the names the
    /// store makes beside it, or an absolute path longer than SQLite opens with them. A file
    /// made there anyway could not be migrated (its backup could not be made, and every save
    /// after the app's update was refused) nor moved aside when damaged.
    static func creationRefusal(of path: String) -> StoreError? {
        let name = split(path).name
        if name.utf8.count + longestSiblingSuffix > longestFileName {
            return .sqlite(
                extendedCode: SQLITE_CANTOPEN,
                message: "cannot create \(path): its name is \(name.utf8.count) bytes, and the files the store makes beside it (up to "
                    + "\(longestSiblingSuffix) bytes longer: a migration's backup, a damaged file's moved-aside copy) would be over the "
                    + "\(longestFileName) bytes a file name may have; a name may have \(longestFileName - longestSiblingSuffix); nothing was created",
                systemErrorCode: ENAMETOOLONG)
        }
        let absolute = absolute(path)
        if absolute.utf8.count > longestDatabasePath {
            return .sqlite(
                extendedCode: SQLITE_CANTOPEN,
                message: "cannot create \(path): its full path is \(absolute.utf8.count) bytes, and SQLite opens a database and the files beside "
                    + "it only at paths of up to \(longestSQLitePath) bytes, which leaves \(longestDatabasePath) for the database's; nothing was created",
                systemErrorCode: ENAMETOOLONG)
        }
        return nil
    }

    /// The file beside `path` whose kept file `path`'s name is (`<file>.backup-v<N>`, a
    /// migration's backup; `<file>.corrupt-…`, a damaged file's moved-aside copy; a staging
    /// copy), or nil: a database made at such a name is removed by that file's maintenance
    /// (its backups and copies are pruned).
    static func keptFileOwner(of path: String) -> String? {
        let (folder, name) = split(absolute(path))
        let bytes = Array(name.utf8)
        for marker in [".backup-v", ".corrupt-", ".creating-", ".moving-", ".exporting-"].map({ Array($0.utf8) }) where bytes.count > marker.count {
            for start in 1...(bytes.count - marker.count) where bytes[start..<start + marker.count].elementsEqual(marker) {
                let owner = (folder == "/" ? "/" : folder + "/") + String(decoding: bytes[..<start], as: UTF8.self)
                var status = stat()
                if lstat(owner, &status) == 0, status.st_mode & S_IFMT == S_IFREG { return owner }
            }
        }
        return nil
    }

    /// Why no database may be made at `path` because its name is another file's kept file's
    /// (``keptFileOwner(of:)``), or nil.
    static func keptNameRefusal(of path: String) -> StoreError? {
        guard let owner = keptFileOwner(of: path) else { return nil }
        return .sqlite(
            extendedCode: SQLITE_CANTOPEN,
            message: "cannot create \(path): its name is one the store gives a file it keeps beside \(owner) (a migration's backup, a damaged "
                + "file's moved-aside copy, a staging copy), which that database's upkeep removes; choose another name; nothing was created",
            systemErrorCode: EEXIST)
    }

    /// Why no database can be made at `path` by copying it under a staging name first
    /// (`<path><marker><pid>-<UUID>`, a move's destination, an export's output) and linking the
    /// copy into place, or nil: ``creationRefusal(of:)``, or no room for the staging copy's
    /// name or path with its `-journal`. It failed on the staging name, naming a file nobody
    /// asked for.
    static func stagedCreationRefusal(of path: String, marker: String) -> StoreError? {
        if let refusal = keptNameRefusal(of: path) ?? creationRefusal(of: path) { return refusal }
        let staging = stagingName(of: path, marker: marker)
        let longer = staging.utf8.count - path.utf8.count
        let journal = "-journal".utf8.count
        let name = split(path).name
        let full = absolute(path).utf8.count
        let cause: String
        if split(staging).name.utf8.count + journal > longestFileName {
            cause =
                "that name with SQLite's -journal would be over the \(longestFileName) bytes a file name may have (this name is "
                + "\(name.utf8.count) bytes; \(longestFileName - longer - journal) fit)"
        } else if full + longer + journal > longestSQLitePath {
            cause =
                "its full path with SQLite's -journal would be over the \(longestSQLitePath) bytes SQLite opens (this full path is \(full) bytes; "
                + "\(longestSQLitePath - longer - journal) fit)"
        } else {
            return nil
        }
        return .sqlite(
            extendedCode: SQLITE_CANTOPEN,
            message: "cannot create \(path): its copy is made beside it first under a name \(longer) bytes longer, and \(cause); nothing was created",
            systemErrorCode: ENAMETOOLONG)
    }

    /// Whether SQLite can make a database at `path`: room in its name for `-journal`, and a
    /// full path it opens with it.
    static func sqliteCanMake(_ path: String) -> Bool {
        split(path).name.utf8.count + "-journal".utf8.count <= longestFileName && sqliteOpens(path)
    }

    /// Whether SQLite can open `path` and its `-journal` (an absolute path of at most 512
    /// bytes with it).
    static func sqliteOpens(_ path: String) -> Bool {
        absolute(path).utf8.count + "-journal".utf8.count <= longestSQLitePath
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
