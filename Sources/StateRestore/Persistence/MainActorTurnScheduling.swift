/// Runs the re-read that follows an observed change on the main actor, in a later turn.
///
/// Observation reports a change before it lands (`willSet`), so a ``PersistenceTracking``
/// reads the new state one main-actor turn later. The default (`TaskTurnScheduler`) enqueues
/// a main-actor task; tests and command-line tools without a running main actor inject a
/// scheduler they drain by hand, so the order of changes, reads and writes is explicit.
package protocol MainActorTurnScheduling: Sendable {
    /// Runs `work` once on the main actor, after the caller's current turn; never synchronously.
    /// Called from the thread that made the change.
    func scheduleTurn(_ work: @escaping @MainActor @Sendable () -> Void)
}

/// Schedules each turn as a main-actor task: `persist`'s default (usable from its default
/// argument, not named by an app).
@usableFromInline
package struct TaskTurnScheduler: MainActorTurnScheduling {
    /// The default scheduler.
    @usableFromInline
    package init() {}

    /// Starts a main-actor task that runs `work`.
    @usableFromInline
    package func scheduleTurn(_ work: @escaping @MainActor @Sendable () -> Void) {
        Task { @MainActor in work() }
    }
}
