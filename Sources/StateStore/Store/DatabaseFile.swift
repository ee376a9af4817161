import Foundation

/// One database file as a path named it, resolved once (``DatabasePath``'s rules): the absolute,
/// link-free path every later step opens, whether the app's path was a link, and the file's
/// device and inode when it existed. Later steps take this value instead of the raw path, so a
/// `chdir` or a link changed afterwards changes nothing of what it names.
package struct DatabaseFile: Sendable, Hashable {
    /// The file's device and inode: what "the same file" means, whatever path reaches it.
    package struct Identity: Sendable, Hashable {
        package let device: UInt64
        package let inode: UInt64

        init(_ status: stat) {
            device = UInt64(status.st_dev)
            inode = UInt64(status.st_ino)
        }
    }

    /// The path as the caller gave it.
    package private(set) var requestedPath: String
    /// The absolute path opened: no link in any component.
    package let path: String
    /// Whether the requested path's last component was a link (followed to `path`): such a
    /// file is never moved aside or replaced, and nothing is ever created beside it for it.
    package private(set) var isLinked: Bool
    /// The file's device and inode at the resolution; nil when nothing existed there yet (or
    /// the package's own in-memory database: ``inMemory``).
    package var identity: Identity?

    /// What the process-wide notes of this file are kept under: its identity, or its path
    /// while it has none (``FileKey``).
    package var key: FileKey { identity.map { .file($0, path: path) } ?? .path(path) }

    /// Resolves `path` (``DatabasePath``): relative to the working directory now, the folder
    /// fully, the last component followed to an existing regular file.
    ///
    /// - Throws: ``StoreError/danglingLink(path:target:)`` for a link to nothing,
    ///   ``StoreError/notARegularFile(path:kind:)`` for a FIFO, socket, device, directory or a
    ///   loop of links, an empty path or one ending in a slash.
    package init(resolving path: String) throws(StoreError) {
        requestedPath = path
        // Every path given is the kernel's: `:memory:` or `file:x` is a file of that name,
        // reached by its absolute path (SQLite never reads an absolute path as special).
        if let refusal = DatabasePath.refusal(of: path) { throw refusal }
        var current = DatabasePath.absolute(path)
        var followed = false
        for _ in 0..<40 {  // as many links as the kernel follows
            let (folder, name) = DatabasePath.split(current)
            guard let real = DatabasePath.realFolder(folder) else {
                // A folder that does not resolve: the open that follows says why, and creates
                // nothing (there is no folder to create it in).
                if followed { throw .danglingLink(path: path, target: current) }
                (self.path, isLinked, identity) = (current, false, nil)
                return
            }
            let candidate = real == "/" ? "/" + name : real + "/" + name
            var status = stat()
            guard lstat(candidate, &status) == 0 else {
                // A link to a database since moved says where it went, as the old path does.
                if followed, let destination = MovedDatabaseNote.destination(of: candidate) { throw .movedTo(path: candidate, destination: destination) }
                if followed { throw .danglingLink(path: path, target: candidate) }
                (self.path, isLinked, identity) = (candidate, false, nil)  // missing: created here
                return
            }
            switch status.st_mode & S_IFMT {
            case S_IFREG:
                // A move killed after it put the copy in place: the file went there, as after
                // a completed move (the original stays until a move or a person removes it).
                if let destination = MovedDatabaseNote.interruptedMoveDestination(of: candidate) { throw .movedTo(path: candidate, destination: destination) }
                (self.path, isLinked, identity) = (candidate, followed, Identity(status))
                return
            case S_IFLNK:
                guard let target = DatabasePath.linkTarget(candidate) else { throw .notARegularFile(path: path, kind: "an unreadable symlink") }
                // A target ending in a slash names a folder to the kernel, which refuses it for
                // a file (ENOTDIR), as it refuses a path given with one.
                if target.utf8.last == UInt8(ascii: "/") {
                    throw .notARegularFile(path: path, kind: "a symlink to \(target), a path ending in a slash, which names a folder")
                }
                followed = true
                // A relative target is relative to the link's own folder, as the kernel reads it.
                current = target.hasPrefix("/") ? target : (real == "/" ? "/" : real + "/") + target
            default: throw .notARegularFile(path: path, kind: SiblingFile.kind(of: status.st_mode))
            }
        }
        throw .notARegularFile(path: path, kind: "a loop of symlinks")
    }

    /// A path that did not resolve (``init(resolving:)`` threw), made absolute only: what a
    /// restorer names in its reports while it opens nothing there.
    package init(unresolved path: String) {
        requestedPath = path
        self.path = path.isEmpty ? path : DatabasePath.absolute(path)
        isLinked = false
        identity = nil
    }

    /// A path this package named itself, in a folder already resolved (a staging, backup or
    /// copy file beside a database or an output), or that a test made: taken as it is, with no
    /// link in it, and not looked at.
    package init(linkFree path: String) {
        requestedPath = path
        self.path = path
        isLinked = false
        identity = nil
    }

    /// This file opened at `path`, another path of it (a hard link, a bind mount) that another
    /// user of the same file in this process opens: SQLite names a database's WAL and shared
    /// memory after the path it was opened with, so one file opened by two paths side by side
    /// would have two WALs, each unseen by the other path's connections. The requested path
    /// and whether it was a link are kept, for reports.
    package func opened(at path: String) -> DatabaseFile {
        var file = DatabaseFile(linkFree: path)
        file.requestedPath = requestedPath
        file.isLinked = isLinked
        file.identity = identity
        return file
    }

    /// A private in-memory database (`:memory:`), a file of no file system.
    package static let inMemory = DatabaseFile(linkFree: ":memory:")

    /// The identity of the file at `path` now (`lstat`: a link is not the file), nil when
    /// nothing is there.
    package static func identity(at path: String) -> Identity? {
        var status = stat()
        guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        return Identity(status)
    }
}
