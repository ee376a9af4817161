import StateRestore

/// The restorer with the testing library's schedulers: an app's tests decide when a coalesced
/// write runs (``ManualWriteScheduler``) and when a persisted screen's change is re-read
/// (``ManualTurnScheduler``), so the order of changes, reads and writes is explicit.
extension StateRestorer {
    /// `StateRestorer(path:configuration:window:events:)` whose coalesced writes wait until the
    /// test fires `scheduler`.
    ///
    /// ```swift
    /// let windows = ManualWriteScheduler()
    /// let restorer = StateRestorer(path: file.path, scheduler: windows)
    /// // … saves …
    /// windows.fireAll()  // the window ends: one write
    /// ```
    public convenience init(
        path: String, configuration: DatabaseConfiguration = DatabaseConfiguration(), window: Duration = .seconds(1), scheduler: ManualWriteScheduler,
        events: RestoreEventHandler? = nil
    ) {
        self.init(path: path, configuration: configuration, window: window, scheduler: scheduler as any WriteScheduling, events: events)
    }

    /// `persist(_:from:)` whose re-reads after a change wait until the test runs `turns`.
    @MainActor
    public func persist<Model: PersistableScreenModel>(_ model: Model, from restoration: Restoration<Model.State>, turns: ManualTurnScheduler) -> PersistenceTracking {
        persist(model, from: restoration, turns: turns as any MainActorTurnScheduling)
    }

    /// `persist(from:_:)` whose re-reads after a change wait until the test runs `turns`.
    @MainActor
    public func persist<State: RestorableState>(
        from restoration: Restoration<State>, turns: ManualTurnScheduler, _ state: @escaping @MainActor () -> State
    ) -> PersistenceTracking {
        persist(from: restoration, turns: turns as any MainActorTurnScheduling, state)
    }
}
