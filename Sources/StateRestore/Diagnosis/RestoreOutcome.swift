/// What one restore of a screen came to, in one word: the outcome ``RestoreStatistics`` counts
/// and a ``RestoreEvent`` carries.
///
/// A restore's report may hold several codes (a record upgraded, then reconciled); its outcome
/// is the first of these that applies, most severe first:
///
/// 1. ``crashed``: `restore-crashed`.
/// 2. ``unavailable``: the file was not read (`database-unavailable`, `database-busy`,
///    `database-needs-migration`, `restorer-suspended`, `database-newer`, `database-foreign`).
/// 3. ``quarantined``: `record-unreadable`, or a damaged file found by this restore and moved aside.
/// 4. ``expired``: `record-expired`.
/// 5. ``newerUnreadable``: `record-newer-unreadable` or `unsupported-version`.
/// 6. ``noRecord``: `no-record`.
/// 7. ``newerRead``: `record-newer-read`.
/// 8. ``upgraded``: `record-upgraded`.
/// 9. ``adjusted``: `defaults-applied`, `code-invalid`, or any code of the kind's reconciliation.
/// 10. ``exact``: none of these. Codes about the file rather than the record (`database-corrupt`
///     found at open, `database-read-only`, `database-newer-read`, `restore-unguarded`,
///     `kind-invalid`) leave the outcome as it is: the event's codes carry them.
///
/// The cases are declared from the least severe to the most.
public enum RestoreOutcome: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    /// The stored record applied as it was.
    case exact
    /// The stored record applied with adjustments: absent fields defaulted, or reconciled.
    case adjusted
    /// The record was of an older format and was upgraded.
    case upgraded
    /// The record was of a newer format and was read through its `minReaderVersion`.
    case newerRead = "newer-read"
    /// The scene had no record: the default state.
    case noRecord = "no-record"
    /// The record was of a newer format this build cannot read: kept in place, the default state.
    case newerUnreadable = "newer-unreadable"
    /// The record was older than its kind's `expiresAfter`: the default state.
    case expired
    /// The record could not be decoded (or was over the size limit) and was moved to the
    /// quarantine, or the damaged file holding it was moved aside: the default state.
    case quarantined
    /// The file was not read (unavailable, busy, being migrated, suspended, closed, newer,
    /// foreign): the default state.
    case unavailable
    /// The crash-loop guard skipped the record (`restore-crashed`): the default state.
    case crashed

    /// The outcome's name, as printed (`"no-record"`).
    public var description: String { rawValue }

    /// The outcome of a restore whose report holds `report`, by the precedence above;
    /// `movedAside` when this very restore found the file damaged and moved it aside.
    init(report: [RestoreReportEntry], movedAside: Bool = false) {
        var worst = movedAside ? RestoreOutcome.quarantined : .exact
        for entry in report {
            // A code the engine does not know is the kind's reconciliation's: an adjustment.
            let outcome = Self.outcomes[entry.code.rawValue] ?? .adjusted
            if outcome.severity > worst.severity { worst = outcome }
        }
        self = worst
    }

    static let caseCount = allCases.count

    /// The position in the declaration: higher wins, and indexes the counts.
    var severity: Int {
        switch self {
        case .exact: 0
        case .adjusted: 1
        case .upgraded: 2
        case .newerRead: 3
        case .noRecord: 4
        case .newerUnreadable: 5
        case .expired: 6
        case .quarantined: 7
        case .unavailable: 8
        case .crashed: 9
        }
    }

    /// The outcome each engine code gives, by name (a dictionary of `String` keys, whose
    /// type a launch has already made); the codes about the file give ``exact``, which
    /// never wins.
    private static let outcomes: [String: RestoreOutcome] = [
        RestoreCode.restoreCrashed.rawValue: .crashed,
        RestoreCode.databaseUnavailable.rawValue: .unavailable, RestoreCode.databaseBusy.rawValue: .unavailable,
        RestoreCode.databaseNeedsMigration.rawValue: .unavailable, RestoreCode.restorerSuspended.rawValue: .unavailable,
        RestoreCode.databaseNewer.rawValue: .unavailable, RestoreCode.databaseForeign.rawValue: .unavailable,
        RestoreCode.recordUnreadable.rawValue: .quarantined,
        RestoreCode.recordExpired.rawValue: .expired,
        RestoreCode.recordNewerUnreadable.rawValue: .newerUnreadable, RestoreCode.unsupportedVersion.rawValue: .newerUnreadable,
        RestoreCode.noRecord.rawValue: .noRecord,
        RestoreCode.recordNewerRead.rawValue: .newerRead,
        RestoreCode.recordUpgraded.rawValue: .upgraded,
        RestoreCode.defaultsApplied.rawValue: .adjusted, RestoreCode.codeInvalid.rawValue: .adjusted, RestoreCode.recordNotUpgraded.rawValue: .adjusted,
        RestoreCode.kindInvalid.rawValue: .exact, RestoreCode.databaseNewerRead.rawValue: .exact, RestoreCode.databaseCorrupt.rawValue: .exact,
        RestoreCode.databaseReadOnly.rawValue: .exact, RestoreCode.restoreUnguarded.rawValue: .exact,
        // A landing: the state another device sent is what it was; bytes that are not a record
        // this build lands bring nothing (nothing was stored, so nothing was quarantined).
        RestoreCode.portableLanded.rawValue: .exact, RestoreCode.portableUnsupported.rawValue: .newerUnreadable,
        RestoreCode.portableDamaged.rawValue: .noRecord, RestoreCode.portableForeign.rawValue: .noRecord, RestoreCode.portableSignedOut.rawValue: .noRecord,
    ]
}
