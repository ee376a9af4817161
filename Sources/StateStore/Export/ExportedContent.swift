/// What a column of the store holds that an export cannot copy as it is.
package enum ExportedContent: Equatable, Sendable {
    /// A record's payload (`scene_state`, `record_history`) of a kind.
    case record(kind: String)
    /// A quarantined payload of a kind: JSON or bytes that are not.
    case quarantined(kind: String)
    /// A snapshot's payload (of a kind stored as snapshots, the shelf's).
    case snapshot
    /// Free text that may quote a payload (a quarantine entry's error).
    case message

    /// What a column holds, before the row's kind is known.
    enum Role: Equatable {
        case record, quarantined, snapshot, message

        /// The content of a row of `kind`.
        func content(kind: String) -> ExportedContent {
            switch self {
            case .record: .record(kind: kind)
            case .quarantined: .quarantined(kind: kind)
            case .snapshot: .snapshot
            case .message: .message
            }
        }
    }
}
