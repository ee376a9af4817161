/// What this build can make of one stored record, as `check` and `inspect` show it.
package enum RecordCondition: Equatable, Sendable {
    /// It decodes, after its upgrades and defaults.
    case readable
    /// It is of a newer format and decodes as the current one through its `minReaderVersion`.
    case readThroughMinReaderVersion(Int)
    /// It is of a newer format this build may not read; it is kept for the release that wrote it.
    case newer(version: Int)
    /// Its kind was read from a format folder, which holds no shape for the record's older
    /// format: only its envelope was checked (the reason says which format).
    case unchecked(String)
    /// It does not decode; restoring it would move it to the quarantine.
    case unreadable(String)
    /// It is larger than the record limit.
    case oversized(bytes: Int)
    /// It was saved `age` seconds ago, longer than its kind stays meaningful: a launch uses the
    /// default state, and the record stays in place until the next save replaces it.
    case expired(age: Int)
    /// Its kind is not one this build knows; it is never decoded, changed or deleted (except by
    /// `purge`).
    case unknownKind

    /// Whether this is something wrong with the file (unreadable or oversized); newer records
    /// and unknown kinds are expected in a file shared with other releases or apps.
    package var isProblem: Bool {
        switch self {
        case .unreadable, .oversized: true
        case .readable, .readThroughMinReaderVersion, .newer, .unchecked, .expired, .unknownKind: false
        }
    }

    /// A short status word: `yes`, `newer`, `unchecked`, `expired`, `unreadable` or `unknown-kind`.
    package var status: String {
        switch self {
        case .readable, .readThroughMinReaderVersion: "yes"
        case .newer: "newer"
        case .unchecked: "unchecked"
        case .expired: "expired"
        case .unreadable, .oversized: "unreadable"
        case .unknownKind: "unknown-kind"
        }
    }

    /// The details behind ``status``, when there are any.
    package var detail: String? {
        switch self {
        case .readable: nil
        case .readThroughMinReaderVersion: "newer format read through minReaderVersion"
        case .newer(let version): "format \(version), kept for the release that wrote it"
        case .unchecked(let reason), .unreadable(let reason): reason
        case .oversized(let bytes): "\(bytes) bytes, over the 1 MiB limit"
        case .expired(let age): "saved \(age) s ago, longer than its kind stays meaningful; a launch uses the default state"
        case .unknownKind: "a kind this build does not know; kept untouched"
        }
    }
}
