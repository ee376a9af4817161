import Foundation

extension Database {
    /// What a connection that reads its file as immutable assumed when it opened it: the
    /// file's identity, size and modification time. Such a connection (`immutable=1`: a reading
    /// connection to a file whose logs were absent or empty, so that it creates nothing) reads
    /// without locks and keeps the pages it read; once anything writes the file (a commit into
    /// its log, a checkpoint into the file), what it holds is stale, and its next reads may be
    /// torn. ``readsAFileWrittenSinceItsImmutableOpen`` tells its owner to open the file again.
    struct ImmutableRead: Equatable {
        let identity: DatabaseFile.Identity
        let size: Int64
        let modified: Int64

        /// The regular file at `path` as it is now; nil when there is none.
        init?(of path: String) {
            var status = stat()
            guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
            identity = DatabaseFile.Identity(status)
            size = Int64(status.st_size)
            modified = FileModification.nanoseconds(of: status)
        }
    }

    /// Whether this connection reads its file as immutable and the file was written since it
    /// was opened: its log holds commits (someone writes it now), or the file at the path is
    /// another size, has another modification time or is another file. Its reads would be
    /// stale, so the owner opens the file again. False, with no system call, for every other
    /// connection. (A write and its checkpoint that both land within the file system's
    /// timestamp resolution of the modification before, and leave the size as it was, go
    /// unseen: `immutable=1` always had that window.)
    package var readsAFileWrittenSinceItsImmutableOpen: Bool {
        guard let immutableRead, handle != nil else { return false }
        return !Self.logsAreAbsentOrEmpty(file) || ImmutableRead(of: path) != immutableRead
    }
}
