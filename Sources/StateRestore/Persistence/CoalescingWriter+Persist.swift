import JSON

extension CoalescingWriter {
    /// Saves `state()` on every change of what it reads, until the returned tracking stops.
    ///
    /// `state` is read at once (that value is the baseline and is not saved) and again one
    /// main-actor turn after each change of anything it read; each new value that differs from
    /// the last one saved goes to ``save(_:for:carrying:)``, so a burst of changes becomes one
    /// write per window. Keep the returned tracking for as long as the screen lives.
    ///
    /// ```swift
    /// let tracking = writer.persist(for: key) { ReaderState(page: model.page, fontSize: model.fontSize) }
    /// ```
    ///
    /// The closure is held strongly; capture a model weakly or use ``persist(_:for:carrying:turns:)``
    /// so that releasing the model ends the tracking. ``StateRestorer/persist(from:_:)`` is
    /// the same with the restorer's own writer, and completes the restore.
    ///
    /// - Parameters:
    ///   - key: the scene the state is saved for.
    ///   - fields: fields to carry into every save (a restoration's `carriedFields`).
    ///   - turns: what runs the re-read after a change (default: a main-actor task).
    ///   - state: the state to save, read on the main actor.
    @MainActor
    package func persist<State: RestorableState>(
        for key: SceneKey, carrying fields: JSONObject = JSONObject(),
        turns: any MainActorTurnScheduling = TaskTurnScheduler(),
        _ state: @escaping @MainActor () -> State
    ) -> PersistenceTracking {
        PersistenceTracking(writer: self, key: key, carrying: fields, turns: turns, isSourceAlive: { true }) { state() }
    }

    /// Saves `model`'s restorable state on every change, until the returned tracking stops or
    /// the model is released (the model is held weakly).
    ///
    /// ```swift
    /// let tracking = writer.persist(model, for: key)
    /// ```
    @MainActor
    package func persist<Model: PersistableScreenModel>(
        _ model: Model, for key: SceneKey, carrying fields: JSONObject = JSONObject(),
        turns: any MainActorTurnScheduling = TaskTurnScheduler()
    ) -> PersistenceTracking {
        PersistenceTracking(
            writer: self, key: key, carrying: fields, turns: turns,
            isSourceAlive: { [weak model] in model != nil }
        ) { [weak model] in model?.restorableState }
    }
}
