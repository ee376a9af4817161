import Foundation

/// Why the store refused an operation. Storage failures themselves are `SQLiteError`s and
/// schema problems `MigrationError`s; these are the store's own rules.
public enum StoreError: Error, Equatable, Sendable {
    /// An account, scene or shelf name that is empty, longer than 1,024 UTF-8 bytes, or (for a
    /// new write) holds a control character.
    case invalidName(role: String, reason: String)
    /// A record payload over the size limit.
    case recordTooLarge(bytes: Int, limit: Int)
    /// No quarantined record has this id.
    case quarantineEntryNotFound(id: Int64)
    /// The record's history has no entry with this id (or the file keeps no history).
    case historyEntryNotFound(id: Int64)
    /// Restoring a quarantined record would overwrite a record saved since.
    case quarantineTargetOccupied(id: Int64, account: String, scene: String, kind: String)
    /// Saving would replace a record of a newer format than the writer reads.
    case newerRecordKept(account: String, scene: String, kind: String, version: Int)
    /// The file does not exist (for operations that never create one).
    case fileNotFound(path: String)
    /// A save that may only create a record found one stored (its caller never read it).
    case existingRecordKept(account: String, scene: String, kind: String)
    /// The path names something other than a regular file (a FIFO, a socket, a device, a
    /// directory): it is never opened, so nothing hangs on it.
    case notARegularFile(path: String, kind: String)
    /// The path is a symlink to nothing (`target`): it is never followed to create a file.
    case danglingLink(path: String, target: String)
    /// The file a restorer or writer opened is no longer at its path (moved, removed or
    /// replaced by another file since): nothing is created there, and nothing is written.
    case fileMoved(path: String)
    /// Nothing is at `path` but the note a move left there (`<db>-moved`): the database was
    /// moved to `destination`, and nothing is created at its old path.
    case movedTo(path: String, destination: String)
    /// The path is a link to a file that is damaged or not this project's database: through a
    /// link nothing is moved aside or created, so nothing is written (`reason` says what it is).
    case linkedFileUnusable(path: String, reason: String)
    /// The file cannot be moved aside while a connection of this process has it open.
    case fileInUse(path: String)
    /// The account was signed out (purged) after the saving screen was restored: the save is
    /// dropped, so nothing of the account is written back.
    case accountSignedOut(account: String)
    /// The scene was discarded (or pruned) after the saving screen was restored: the save is
    /// dropped, so a discarded scene is never written back.
    case sceneDiscarded(account: String, scene: String)
    /// Another process (an extension, the tool) has the file open, so it was not moved.
    case fileOpenElsewhere(path: String)
    /// A copy made to move the database did not match it; the copy was removed and the
    /// database left in place.
    case copyNotVerified(path: String, reason: String)
}

extension StoreError: LocalizedError {
    /// The error as one line, as the CLI prints it.
    public var errorDescription: String? {
        switch self {
        case .invalidName(let role, let reason): "invalid \(role) name: \(reason)"
        case .recordTooLarge(let bytes, let limit): "record is \(bytes) bytes, over the limit of \(limit) bytes"
        case .quarantineEntryNotFound(let id): "no quarantined record has id \(id)"
        case .historyEntryNotFound(let id): "the record's history has no entry \(id)"
        case .quarantineTargetOccupied(let id, let account, let scene, _):
            "quarantined record \(id) was not restored: scene \"\(scene)\" of account \"\(account)\" has a newer record; drop or move that first"
        case .newerRecordKept(let account, let scene, let kind, let version):
            "scene \"\(scene)\" of account \"\(account)\" holds a \(kind) record of format \(version), newer than this build reads; it was kept and nothing was saved"
        case .fileNotFound(let path): "\(path): no such database file"
        case .existingRecordKept(let account, let scene, let kind):
            "scene \"\(scene)\" of account \"\(account)\" holds a \(kind) record this launch could not read; it was kept, and the next restore returns it"
        case .notARegularFile(let path, let kind): "\(path) is \(kind), not a database file"
        case .danglingLink(let path, let target): "\(path) is a symlink to \(target), which does not exist; nothing is created through a link"
        case .fileMoved(let path):
            "the database at \(path) was moved, removed or replaced since it was opened; nothing was created or written there"
        case .movedTo(let path, let destination):
            "the database at \(path) was moved to \(destination); nothing is created at its old path (open the new one, or remove \(path)-moved to start a new file there)"
        case .linkedFileUnusable(let path, let reason):
            "\(path) is a symlink to a file that is \(reason); through a link it is left as it is, nothing is created beside it, and nothing is saved"
        case .fileInUse(let path): "\(path) is open in another connection of this process, so it was left in place"
        case .accountSignedOut: "the account was signed out after this screen was restored; the save was dropped"
        case .sceneDiscarded(let account, let scene):
            "scene \"\(scene)\" of account \"\(account)\" was discarded after this screen was restored; the save was dropped"
        case .fileOpenElsewhere(let path): "\(path) is open in another process, so it was left in place"
        case .copyNotVerified(let path, let reason): "the copy at \(path) did not match the database (\(reason)); it was removed and the database left in place"
        }
    }
}
