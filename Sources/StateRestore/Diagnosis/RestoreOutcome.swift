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
public enum RestoreOutcome: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    /// The stored record applied as it was.
    case exact
    /// The stored record applied with adjustments: absent fields defaulted, or reconciled.
    case adjusted
    /// The scene had no record: the default state.
    case noRecord = "no-record"
    /// The record was of an older format and was upgraded.
    case upgraded
    /// The record was of a newer format and was read through its `minReaderVersion`.
    case newerRead = "newer-read"
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
        var best = movedAside ? RestoreOutcome.quarantined : .exact
        for entry in report {
            guard let outcome = Self.outcomes[entry.code] ?? (RestoreCode.fileLevel.contains(entry.code) ? nil : .adjusted) else { continue }
            if outcome.precedence < best.precedence { best = outcome }
        }
        self = best
    }

    /// Lower wins: the order of the list in the type's documentation.
    private var precedence: Int {
        switch self {
        case .crashed: 0
        case .unavailable: 1
        case .quarantined: 2
        case .expired: 3
        case .newerUnreadable: 4
        case .noRecord: 5
        case .newerRead: 6
        case .upgraded: 7
        case .adjusted: 8
        case .exact: 9
        }
    }

    /// The outcome each engine code gives; a code not here and not about the file is an adjustment.
    private static let outcomes: [RestoreCode: RestoreOutcome] = [
        .restoreCrashed: .crashed,
        .databaseUnavailable: .unavailable, .databaseBusy: .unavailable, .databaseNeedsMigration: .unavailable,
        .restorerSuspended: .unavailable, .databaseNewer: .unavailable, .databaseForeign: .unavailable,
        .recordUnreadable: .quarantined,
        .recordExpired: .expired,
        .recordNewerUnreadable: .newerUnreadable, .unsupportedVersion: .newerUnreadable,
        .noRecord: .noRecord,
        .recordNewerRead: .newerRead,
        .recordUpgraded: .upgraded,
        .defaultsApplied: .adjusted, .codeInvalid: .adjusted, .recordNotUpgraded: .adjusted,
    ]
}
