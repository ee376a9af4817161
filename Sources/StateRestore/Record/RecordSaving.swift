import JSON
import StateStore

/// Writes records through the store's named operations, under the rules the write gate
/// decided: a state in its kind's current format, or a record the tool validated.
package enum RecordSaving {
    /// Saves `state` for `key` in its kind's current record format, carrying the fields
    /// `sighting` carries, under the gate's rules for a save after `sighting`, in its own
    /// transaction unless one is open. A newer record the rules keep is
    /// `RestoreError.wouldReplaceNewerRecord`.
    ///
    /// A record over the budget its kind declares is refused
    /// (`RestoreError.recordOverBudget`); one over the default budget is written.
    ///
    /// - Returns: the record's size in bytes, and its breakdown when it was written over the
    ///   default budget (nil within it).
    @discardableResult
    static func save<State: RestorableState>(
        _ state: State, for key: SceneKey, after sighting: WriteGate.Sighting, replacingNewer: Bool, in store: Store
    ) throws -> (bytes: Int, oversized: RecordSizeBreakdown?) {
        let payload = try RecordCodec<State>.encode(state, carrying: sighting.carried)
        let oversized = try checkBudget(payload, State.declaredByteBudget, of: State.self, for: key)
        let envelope = RecordCodec<State>.envelope(carrying: sighting.carried)
        try save(
            payload, kind: State.kind, version: envelope.version, minReaderVersion: envelope.minReaderVersion ?? State.minReaderVersion,
            for: key, rules: WriteGate.recordRules(for: State.self, after: sighting, replacingNewer: replacingNewer), in: store
        )
        return (payload.utf8.count, oversized)
    }

    /// Compares the encoded size with the kind's budget (a count the string holds: nothing is
    /// measured on a save within it). Over a declared budget it throws; over the default one it
    /// returns the breakdown. A record over the store's hard limit is left to the store.
    /// `declared` is the kind's own budget (`State.declaredByteBudget`, asked once).
    private static func checkBudget<State: RestorableState>(
        _ payload: String, _ declared: Int?, of type: State.Type, for key: SceneKey
    ) throws -> RecordSizeBreakdown? {
        let bytes = payload.utf8.count
        let budget = declared ?? RecordSizeBreakdown.defaultBudget
        guard bytes > budget, declared != nil || bytes <= Store.maximumRecordBytes else { return nil }
        let size = RecordSizeBreakdown(of: payload.utf8, budget: budget)
        if declared != nil { throw RestoreError.recordOverBudget(scene: key.description, kind: State.kind, size) }
        return size
    }

    /// Stores a record that passed its kind's validation (`RecordKind.validateForSave(_:)`),
    /// as given, in `store` (the tool's save, a test's seed), under the gate's rules for it:
    /// a stored record of a newer format than this build reads is replaced only when
    /// `replacingNewer` is true or the given record is itself of a newer format (a newer
    /// release's record given on purpose).
    package static func save(_ record: ValidatedRecord, for key: SceneKey, in store: Store, replacingNewer: Bool = false) throws {
        try save(
            record.payload, kind: record.kind, version: record.version, minReaderVersion: record.minReaderVersion,
            for: key, rules: WriteGate.recordRules(forTool: record, replacingNewer: replacingNewer), in: store
        )
    }

    private static func save(
        _ payload: String, kind: String, version: Int, minReaderVersion: Int?, for key: SceneKey, rules: WriteRules, in store: Store
    ) throws {
        var payload = payload
        do {
            try payload.withUTF8 { bytes in
                _ = try store.write(
                    .record(account: key.account, scene: key.scene, kind: kind, version: version, minReaderVersion: minReaderVersion, payload: bytes, at: nil),
                    rules: rules)
            }
        } catch StoreError.newerRecordKept(_, _, _, let version) {
            throw RestoreError.wouldReplaceNewerRecord(scene: key.description, version: version)
        }
    }
}
