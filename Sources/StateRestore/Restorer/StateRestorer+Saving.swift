import JSON
import ScreenModels
import StateStore

extension StateRestorer {
    /// Saves `state` for `key` in its kind's current record format, carrying fields an earlier
    /// record had that this build does not know. Returns when the commit has returned.
    ///
    /// A stored record of a newer format this build cannot read is never replaced unless
    /// `replacingNewer` is true (`RestoreError.wouldReplaceNewerRecord`).
    public func save<State: RestorableState>(
        _ state: State, for key: SceneKey,
        carrying fields: JSONObject = JSONObject(), replacingNewer: Bool = false
    ) throws {
        try recoveringFromDamage { try $0.save(state, for: key, carrying: fields, replacingNewer: replacingNewer) }
    }

    /// Saves the state a restoration produced after the screen changed it, carrying what the
    /// restoration carried.
    public func save<State: RestorableState>(_ state: State, from restoration: Restoration<State>) throws {
        try save(state, for: restoration.key, carrying: restoration.carriedFields)
    }

    /// Saves the screen model's current view state, carrying what `restoration` carried.
    public func save(_ screen: CatalogScreenModel, from restoration: CatalogRestoration) throws {
        try save(screen.viewState, from: restoration)
    }

}

extension Store {
    /// Saves `state` for `key` in its kind's current record format, in its own transaction
    /// unless one is open.
    ///
    /// A stored record of a newer format this build cannot read is never replaced unless
    /// `replacingNewer` is true (`RestoreError.wouldReplaceNewerRecord`).
    public func save<State: RestorableState>(
        _ state: State, for key: SceneKey, carrying fields: JSONObject = JSONObject(), replacingNewer: Bool = false
    ) throws {
        let payload = try RecordCodec<State>.encode(state, carrying: fields)
        try save(
            payload, kind: State.kind, version: State.currentVersion, minReaderVersion: State.minReaderVersion,
            for: key, keepingVersionsAbove: replacingNewer ? nil : State.currentVersion
        )
    }

    /// Stores a record that passed its kind's validation (``RecordKind/validateForSave(_:)``),
    /// as given.
    ///
    /// A stored record of a newer format than this build reads is replaced only when
    /// `replacingNewer` is true or the given record is itself of a newer format (a newer
    /// release's record given on purpose).
    public func save(_ record: ValidatedRecord, for key: SceneKey, replacingNewer: Bool = false) throws {
        let replaces = replacingNewer || record.isNewerThanThisBuild
        try save(
            record.payload, kind: record.kind, version: record.version, minReaderVersion: record.minReaderVersion,
            for: key, keepingVersionsAbove: replaces ? nil : record.currentVersion
        )
    }

    private func save(
        _ payload: String, kind: String, version: Int, minReaderVersion: Int?, for key: SceneKey, keepingVersionsAbove: Int?
    ) throws {
        do {
            try saveRecord(
                payload, version: version, minReaderVersion: minReaderVersion,
                account: key.account, scene: key.scene, kind: kind, keepingVersionsAbove: keepingVersionsAbove
            )
        } catch StoreError.newerRecordKept(_, _, _, let version) {
            throw RestoreError.wouldReplaceNewerRecord(scene: key.description, version: version)
        }
    }
}
