import JSON
import StateStore

/// Writes records through the store's named operations: a state in its kind's current format,
/// or a record the tool validated.
enum RecordSaving {
    /// Saves `state` for `key` in its kind's current record format, in its own transaction
    /// unless one is open. A stored record of a newer format this build cannot read is never
    /// replaced unless `replacingNewer` is true (`RestoreError.wouldReplaceNewerRecord`).
    /// With `keepingNewer`, a stored record of a newer format is kept even when it declares a
    /// `minReaderVersion` this build meets: its restore found it does not decode.
    ///
    /// A record over the budget its kind declares is refused
    /// (`RestoreError.recordOverBudget`); one over the default budget is written.
    ///
    /// - Returns: the breakdown of a record written over the default budget; nil within it.
    @discardableResult
    static func save<State: RestorableState>(
        _ state: State, for key: SceneKey, carrying fields: JSONObject, replacingNewer: Bool, keepingNewer: Bool = false, onlyIfAbsent: Bool = false,
        fencedAt generation: Int? = nil, in store: Store
    ) throws -> RecordSizeBreakdown? {
        let payload = try RecordCodec<State>.encode(state, carrying: fields)
        let oversized = try checkBudget(payload, of: State.self, for: key)
        let envelope = RecordCodec<State>.envelope(carrying: fields)
        try save(
            payload, kind: State.kind, version: envelope.version, minReaderVersion: envelope.minReaderVersion ?? State.minReaderVersion,
            for: key, keepingVersionsAbove: replacingNewer ? nil : State.currentVersion, strictly: keepingNewer && !replacingNewer,
            onlyIfAbsent: onlyIfAbsent, fencedAt: generation, in: store
        )
        return oversized
    }

    /// Compares the encoded size with the kind's budget (a count the string holds: nothing is
    /// measured on a save within it). Over a declared budget it throws; over the default one it
    /// returns the breakdown. A record over the store's hard limit is left to the store.
    private static func checkBudget<State: RestorableState>(_ payload: String, of type: State.Type, for key: SceneKey) throws -> RecordSizeBreakdown? {
        let bytes = payload.utf8.count
        let budget = State.maxRecordBytes ?? RecordSizeBreakdown.defaultBudget
        guard bytes > budget, State.maxRecordBytes != nil || bytes <= Store.maximumRecordBytes else { return nil }
        let size = RecordSizeBreakdown(of: payload.utf8, budget: budget)
        if State.maxRecordBytes != nil { throw RestoreError.recordOverBudget(scene: key.description, kind: State.kind, size) }
        return size
    }

    /// Stores a validated record as given.
    static func save(_ record: ValidatedRecord, for key: SceneKey, in store: Store, replacingNewer: Bool) throws {
        let replaces = replacingNewer || record.isNewerThanThisBuild
        try save(
            record.payload, kind: record.kind, version: record.version, minReaderVersion: record.minReaderVersion,
            for: key, keepingVersionsAbove: replaces ? nil : record.currentVersion, strictly: false, in: store
        )
    }

    private static func save(
        _ payload: String, kind: String, version: Int, minReaderVersion: Int?, for key: SceneKey, keepingVersionsAbove: Int?, strictly: Bool,
        onlyIfAbsent: Bool = false, fencedAt generation: Int? = nil, in store: Store
    ) throws {
        do {
            try store.saveRecord(
                payload, version: version, minReaderVersion: minReaderVersion,
                account: key.account, scene: key.scene, kind: kind, keepingVersionsAbove: keepingVersionsAbove,
                keepingNewerEvenIfReadable: strictly, onlyIfAbsent: onlyIfAbsent, fencedAt: generation
            )
        } catch StoreError.newerRecordKept(_, _, _, let version) {
            throw RestoreError.wouldReplaceNewerRecord(scene: key.description, version: version)
        }
    }
}
