import StateStore

/// Classifies stored records by their kind's codec, for `check` and `inspect`.
///
/// A record of a kind not in `kinds` is `RecordCondition.unknownKind` and is never decoded.
package struct RecordInspector: Sendable {
    private let kinds: [String: RecordKind]

    /// An inspector that knows `kinds` (an app passes its own; the tool, the built-in ones).
    package init(kinds: [RecordKind]) {
        self.kinds = Dictionary(kinds.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// What this build can make of `record`.
    package func condition(of record: StoredRecord) -> RecordCondition {
        guard let kind = kinds[record.kind] else { return .unknownKind }
        return kind.condition(of: record)
    }

    /// The breakdown of `record` when it is over its kind's size budget; nil within it, and for
    /// a kind this inspector does not know.
    package func sizeBreakdown(of record: StoredRecord) -> RecordSizeBreakdown? {
        kinds[record.kind]?.sizeBreakdown(of: record)
    }
}
