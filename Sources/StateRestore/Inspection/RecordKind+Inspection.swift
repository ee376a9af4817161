import StateStore

extension RecordKind {
    /// Calls `body` with every record of `store` (only those of kind `only`, when given), one at
    /// a time, ordered by account, scene and kind, with what this build makes of it as a launch
    /// would read it (``RecordCondition/unknownKind`` for a kind not in `kinds`, never decoded)
    /// and its size breakdown when it is over its kind's budget: the one loop of `check` and
    /// `inspect`.
    package static func inspectRecords(
        in store: Store, kinds: [RecordKind], only: String? = nil, _ body: (StoredRecord, RecordCondition, RecordSizeBreakdown?) throws -> Void
    ) throws {
        let known = Dictionary(kinds.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        try store.forEachRecord { record in
            if let only, record.kind != only { return }
            guard let kind = known[record.kind] else { return try body(record, .unknownKind, nil) }
            let condition = kind.condition(of: record)
            switch condition {
            case .readable, .readThroughMinReaderVersion: try body(record, condition, kind.sizeBreakdown(of: record))
            default: try body(record, condition, nil)
            }
        }
    }
}
