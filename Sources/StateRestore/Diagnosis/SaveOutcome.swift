import StateStore

/// What one save of a screen came to: the outcome ``RestoreStatistics`` counts and a
/// ``RestoreEvent`` carries. Persisted saves (coalesced) and saves by hand
/// (``StateRestorer/save(_:for:replacingNewer:)``) both count.
///
/// Each refusal has an outcome of its own, one per ``UnwrittenSave/Reason``; a save is counted
/// once, when its write committed or refused it, or when it was dropped unwritten (a coalesced
/// write that failed keeps its saves pending and counts them at the write that settles them).
public enum SaveOutcome: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    /// Written within the default size budget.
    case written
    /// Written although the record is over the default size budget (its kind declares none):
    /// listed in ``StateRestorer/oversizedSaves``.
    case writtenOversized = "written-oversized"
    /// A persisted save replaced by a later save of the same screen before its write: the
    /// later state is what the write stores.
    case coalescedAway = "coalesced-away"
    /// Not written: the stored record is of a newer format (``UnwrittenSave/Reason/newerRecordKept(version:)``).
    case newerRecordKept = "newer-record-kept"
    /// Not written: the screen's restore did not see the stored record (``UnwrittenSave/Reason/storedRecordNotSeen``).
    case storedRecordNotSeen = "stored-record-not-seen"
    /// Not written: the state cannot be stored (``UnwrittenSave/Reason/invalidState(_:)``).
    case invalidState = "invalid-state"
    /// Not written: the record is over the store's size limit (``UnwrittenSave/Reason/recordTooLarge(bytes:limit:)``).
    case recordTooLarge = "record-too-large"
    /// Not written: the account was signed out after the restore (``UnwrittenSave/Reason/accountSignedOut``).
    case accountSignedOut = "account-signed-out"
    /// Not written: the record is over the budget its kind declares (``UnwrittenSave/Reason/overBudget(_:)``).
    case overBudget = "over-budget"
    /// A save by hand that threw for another reason (the restorer closed, the file unwritable).
    case failed
    /// A save of a scene discarded or pruned after its restore: a persisted one still pending
    /// then, dropped with it, or one refused by the discard's fence
    /// (``UnwrittenSave/Reason/sceneDiscarded``). (One pending at a sign-out of its account
    /// counts as ``accountSignedOut``.)
    case discarded

    /// The outcome's name, as printed (`"coalesced-away"`).
    public var description: String { rawValue }

    /// Whether the save's state reached the file.
    public var isWritten: Bool { self == .written || self == .writtenOversized }

    static let caseCount = allCases.count

    /// The position in the declaration, which indexes the counts.
    var index: Int {
        switch self {
        case .written: 0
        case .writtenOversized: 1
        case .coalescedAway: 2
        case .newerRecordKept: 3
        case .storedRecordNotSeen: 4
        case .invalidState: 5
        case .recordTooLarge: 6
        case .accountSignedOut: 7
        case .overBudget: 8
        case .failed: 9
        case .discarded: 10
        }
    }

    /// The outcome of a save a write skipped for `reason`.
    init(_ reason: UnwrittenSave.Reason) {
        switch reason {
        case .newerRecordKept: self = .newerRecordKept
        case .storedRecordNotSeen: self = .storedRecordNotSeen
        case .invalidState: self = .invalidState
        case .recordTooLarge: self = .recordTooLarge
        case .accountSignedOut: self = .accountSignedOut
        case .overBudget: self = .overBudget
        case .sceneDiscarded: self = .discarded
        }
    }

    /// The outcome of a save by hand that threw `error`: the refusals the coalesced writer
    /// lists as unwritten, or ``failed``.
    init(refusal error: any Error) {
        self = UnwrittenSave.Reason(refusal: error).map(SaveOutcome.init) ?? .failed
    }
}
