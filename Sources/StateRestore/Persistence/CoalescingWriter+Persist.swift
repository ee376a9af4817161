import JSON

extension CoalescingWriter {
    /// ``StateRestorer/persist(from:_:)`` on this writer, for `key`, carrying `fields` into
    /// every save, its re-reads run by `turns`; no restore to complete.
    @MainActor
    package func persist<State: RestorableState>(
        for key: SceneKey, carrying fields: JSONObject = JSONObject(),
        turns: any MainActorTurnScheduling = TaskTurnScheduler(),
        _ state: @escaping @MainActor () -> State
    ) -> PersistenceTracking {
        PersistenceTracking(writer: self, key: key, sighting: { WriteGate.Sighting(carried: fields) }, turns: turns, isSourceAlive: { true }) { state() }
    }

    /// ``StateRestorer/persist(_:from:)`` on this writer: as ``persist(for:carrying:turns:_:)``,
    /// the model held weakly.
    @MainActor
    package func persist<Model: PersistableScreenModel>(
        _ model: Model, for key: SceneKey, carrying fields: JSONObject = JSONObject(),
        turns: any MainActorTurnScheduling = TaskTurnScheduler()
    ) -> PersistenceTracking {
        PersistenceTracking(
            writer: self, key: key, sighting: { WriteGate.Sighting(carried: fields) }, turns: turns,
            isSourceAlive: { [weak model] in model != nil }
        ) { [weak model] in model?.restorableState }
    }
}
