/// Which file a process-wide note is about (the scenes in use, the accounts signed out, a
/// background migration): its device and inode with the path this process opens it at, its
/// resolved path alone while nothing exists there yet (a first launch before it creates the
/// file), re-keyed once the opening created it.
///
/// Two paths of one file (a hard link, a bind mount) are one key because a restorer reaching a
/// file another restorer of the process has open opens it at that restorer's path
/// (``DatabaseFile/opened(at:)``), so one WAL serves both. A file removed and made again at the
/// same path is another file (another inode). The path stays in the key because an inode number
/// is reused once its file is deleted: a new file elsewhere on a deleted file's inode is not the
/// deleted file.
package enum FileKey: Sendable, Hashable {
    /// An existing file: its device and inode, and the path this process opens it at.
    case file(DatabaseFile.Identity, path: String)
    /// A file not created yet, by resolved path.
    case path(String)
}
