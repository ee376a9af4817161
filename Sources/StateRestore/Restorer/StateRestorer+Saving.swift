import ScreenModels
import StateStore

extension StateRestorer {
    /// Saves `state` for `key` in the current record format, carrying fields an earlier record
    /// had that this build does not know. Returns when the commit has returned.
    ///
    /// A stored record of a newer format this build cannot read is never replaced unless
    /// `replacingNewer` is true.
    public func save(
        _ state: CatalogViewState, for key: SceneKey,
        carrying fields: JSONObject = JSONObject(), replacingNewer: Bool = false
    ) throws {
        let payload = CatalogRecordCodec.encode(CatalogRecord(state, carrying: fields))
        try saveRecord(ValidatedRecord(version: CatalogRecord.currentVersion, payload: payload), for: key, replacingNewer: replacingNewer)
    }

    /// Saves the screen model's current view state, carrying what `restoration` carried.
    public func save(_ screen: CatalogScreenModel, from restoration: CatalogRestoration) throws {
        try save(screen.viewState, for: restoration.key, carrying: restoration.carriedFields)
    }

    /// Stores a record that already passed `CatalogRecordCodec.validateForSave`.
    public func saveRecord(_ record: ValidatedRecord, for key: SceneKey, replacingNewer: Bool = false) throws {
        try recoveringFromDamage { try $0.save(record, for: key, replacingNewer: replacingNewer) }
    }
}

extension Store {
    /// Stores a record that already passed `CatalogRecordCodec.validateForSave` for `key`.
    ///
    /// A stored record of a newer format this build cannot read is never replaced unless
    /// `replacingNewer` is true (`RestoreError.wouldReplaceNewerRecord`).
    public func save(_ record: ValidatedRecord, for key: SceneKey, replacingNewer: Bool = false) throws {
        do {
            try saveRecord(
                record.payload, version: record.version, account: key.account, scene: key.scene,
                keepingVersionsAbove: replacingNewer ? nil : CatalogRecord.currentVersion
            )
        } catch StoreError.newerRecordKept(_, _, let version) {
            throw RestoreError.wouldReplaceNewerRecord(scene: key.description, version: version)
        }
    }
}
