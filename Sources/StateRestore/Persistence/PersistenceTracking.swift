import Observation
import StateStore

/// Keeps one screen's state saved while it changes: returned by ``StateRestorer``'s `persist`
/// methods.
///
/// It reads the state under observation tracking. A change of anything that read touched
/// schedules one re-read a main-actor turn later (the change has landed by then; changes made
/// in the same turn are read once, with their final value). The re-read re-arms the tracking
/// and hands the state to the writer's coalesced `save` unless it equals the last state
/// handed over (or, at first, the state read when tracking started, which is not saved).
///
/// Tracking stops at ``cancel()``, when this object is released, or when a tracked model is
/// released; then nothing more is saved. What was already handed to the writer stays pending
/// and `flush()` writes it. The tracking holds the writer and the state closure, never the
/// model of `persist(_:from:)` strongly, and the model never holds the tracking.
///
/// ```swift
/// let model = NotesScreen(restored.state)   // an app's `PersistableScreenModel`
/// let tracking = restorer.persist(model, from: restored)   // keep it as long as the screen
/// ```
@MainActor
public final class PersistenceTracking {
    /// Reads the state, under tracking or not, and saves it when it changed; nil once stopped.
    private var refresh: (@MainActor (_ tracked: Bool) -> Bool)?
    /// Whether the tracked model is still alive (always true for a closure).
    private let isSourceAlive: @MainActor () -> Bool
    private let turns: any MainActorTurnScheduling

    /// Set once the tracking was cancelled; read from any thread (a restorer asks before it
    /// discards a scene).
    private nonisolated let stopped = Locked(false)

    /// Whether ``cancel()`` was called.
    nonisolated var isStopped: Bool { stopped.withLock { $0 } }

    /// Called once when ``cancel()`` stops the tracking: its restorer publishes the scenes
    /// still live for other processes.
    var onStop: (@MainActor () -> Void)?

    /// How many states this tracking handed to the writer (each becomes part of a coalesced
    /// write, not a write of its own).
    public private(set) var savedCount = 0

    /// Tracks `read`'s state for `key`; each save follows `sighting()`, asked at that save (the
    /// fields it carries and what the write gate lets it replace), so a restorer's tracking
    /// follows the screen's latest restore (a scene restored unavailable, then read).
    init<State: RestorableState>(
        writer: CoalescingWriter, key: SceneKey, sighting: @escaping @MainActor () -> WriteGate.Sighting,
        turns: any MainActorTurnScheduling, isSourceAlive: @escaping @MainActor () -> Bool,
        read: @escaping @MainActor () -> State?
    ) {
        self.turns = turns
        self.isSourceAlive = isSourceAlive
        var lastSaved: State?
        refresh = { [weak self] tracked in
            guard let self, !self.isStopped else { return false }
            let current = tracked ? withObservationTracking({ read() }, onChange: self.onChange) : read()
            guard let current else { return false }
            if let previous = lastSaved, previous != current {
                writer.save(current, for: key, after: sighting())
                savedCount += 1
            }
            lastSaved = current
            return true
        }
        _ = refresh?(true)
    }

    /// Whether changes are still being saved: not cancelled, not released, and the tracked
    /// model (if any) alive.
    public var isTracking: Bool { refresh != nil && !isStopped && isSourceAlive() }

    /// Stops tracking: no later change is saved. States already handed to the writer stay
    /// pending for its next write or `flush()`. A second call does nothing.
    public func cancel() {
        refresh = nil
        stopped.withLock { $0 = true }
        let onStop = self.onStop
        self.onStop = nil
        onStop?()
    }

    /// Stops tracking from any thread (a sign-out): the next change finds it stopped, saves
    /// nothing and ends the tracking.
    nonisolated func stop() {
        stopped.withLock { $0 = true }
    }

    /// Saves the current state now if it differs from the last one saved, without waiting
    /// for the turn that follows a change. The restorer's `flush()`, `close()` and `suspend()`
    /// call it for every live tracking (an app never needs to); the package's tests call it to
    /// hand a change over at a chosen point.
    package func saveCurrentState() {
        guard let refresh else { return }
        if !refresh(false) { cancel() }
    }

    /// The observation's `onChange`: it runs before the change lands, possibly off the main
    /// actor, so it only schedules the re-read.
    private nonisolated var onChange: @Sendable () -> Void {
        let turns = self.turns
        return { [weak self] in
            turns.scheduleTurn { [weak self] in self?.changeLanded() }
        }
    }

    /// Re-reads (re-arming the tracking) after a change has landed.
    private func changeLanded() {
        guard let refresh else { return }
        if !refresh(true) { cancel() }
    }
}
