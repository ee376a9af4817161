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
    static func save<State: RestorableState>(
        _ state: State, for key: SceneKey, carrying fields: JSONObject, replacingNewer: Bool, keepingNewer: Bool = false, onlyIfAbsent: Bool = false,
        fencedAt generation: Int? = nil, in store: Store
    ) throws {
        let payload = try RecordCodec<State>.encode(state, carrying: fields)
        let envelope = RecordCodec<State>.envelope(carrying: fields)
        try save(
            payload, kind: State.kind, version: envelope.version, minReaderVersion: envelope.minReaderVersion ?? State.minReaderVersion,
            for: key, keepingVersionsAbove: replacingNewer ? nil : State.currentVersion, strictly: keepingNewer && !replacingNewer,
            onlyIfAbsent: onlyIfAbsent, fencedAt: generation, in: store
        )
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
