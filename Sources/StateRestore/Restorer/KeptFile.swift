import StateStore

/// What keeps a restorer's database file allocated while the restorer has no connection to
/// it (``StateRestorer/RestoreSide/keptFile``): a file is known by device and inode, and a
/// file system gives a removed file's inode to the next new file, which must never be taken
/// for the removed one.
enum KeptFile {
    /// A lockless hold, while suspended.
    case held(DatabaseFileHold)
    /// The connection let go of once the file was removed, kept open and idle.
    case detached(Store)

    /// Lets go of the file.
    func release() {
        if case .detached(let store) = self { store.close() }
    }
}
