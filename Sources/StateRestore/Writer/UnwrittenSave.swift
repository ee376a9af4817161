import StateStore

/// A screen's save that a write skipped, and why: the screen's state stays on screen, and the
/// stored record stays as it was.
///
/// ``StateRestorer/unwrittenSaves`` lists them until the
/// screen's next save is written (or the screen is discarded); `flush()` returns their scenes.
public struct UnwrittenSave: Equatable, Sendable, CustomStringConvertible {
    /// Why a save was not written.
    public enum Reason: Equatable, Sendable {
        /// The stored record is of a newer format than this build reads; it is kept for the
        /// release that wrote it (save with `replacingNewer: true` to replace it).
        case newerRecordKept(version: Int)
        /// The screen's restore could not read the file (unavailable, busy), and the file holds
        /// a record: this launch never saw it, so it is not written over. The next restore of
        /// the screen returns it.
        case storedRecordNotSeen
        /// The state cannot be stored (a non-finite number, a value its kind refuses).
        case invalidState(String)
        /// The encoded record is over the store's size limit.
        case recordTooLarge(bytes: Int, limit: Int)
        /// The account was signed out after the screen was restored (in this process or
        /// another): the save is dropped, so nothing of the account is written back.
        case accountSignedOut
        /// The scene was discarded (or pruned) after the screen was restored, by any restorer
        /// of any process: the save is dropped, so a discarded scene is never written back.
        case sceneDiscarded
        /// The encoded record is over the size budget its kind declares
        /// (``RestorableState/maxRecordBytes``); the breakdown names its largest fields.
        case overBudget(RecordSizeBreakdown)

        /// Why a save that threw `error` was refused, or nil when it failed for another reason.
        init?(refusal error: any Error) {
            switch error {
            case RestoreError.wouldReplaceNewerRecord(_, let version): self = .newerRecordKept(version: version)
            case StoreError.existingRecordKept: self = .storedRecordNotSeen
            case RestoreError.invalidRecord(let detail): self = .invalidState(detail)
            case StoreError.recordTooLarge(let bytes, let limit): self = .recordTooLarge(bytes: bytes, limit: limit)
            case StoreError.accountSignedOut: self = .accountSignedOut
            case StoreError.sceneDiscarded: self = .sceneDiscarded
            case RestoreError.recordOverBudget(_, _, let size): self = .overBudget(size)
            default: return nil
            }
        }
    }

    /// The screen's scene.
    public let key: SceneKey
    /// The screen's record kind.
    public let kind: String
    /// Why the save was skipped.
    public let reason: Reason

    /// Creates the entry for `kind`'s save of `key`.
    public init(key: SceneKey, kind: String, reason: Reason) {
        self.key = key
        self.kind = kind
        self.reason = reason
    }

    /// One line: the scene, the kind and the reason in words.
    public var description: String {
        let why =
            switch reason {
            case .newerRecordKept(let version): "the stored record is of format \(version), newer than this build reads; it was kept"
            case .storedRecordNotSeen: "the launch could not read the file, which holds a record for it; that record was kept and the next restore returns it"
            case .invalidState(let detail): "the state cannot be stored: \(detail)"
            case .recordTooLarge(let bytes, let limit): "the record is \(bytes) bytes, over the limit of \(limit)"
            case .accountSignedOut: "the account was signed out after the screen was restored; the save was dropped"
            case .sceneDiscarded: "the scene was discarded after the screen was restored; the save was dropped"
            case .overBudget(let size): "the record is \(size)"
            }
        return "scene \(StoreNames.quoted(key.scene)) (account \(StoreNames.quoted(key.account)), kind \(kind)) was not saved: \(why)"
    }
}
