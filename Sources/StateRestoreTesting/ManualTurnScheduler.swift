import Foundation
import StateRestore
import StateStore

/// Holds the turns that follow observed changes until ``runPendingTurns()`` runs them: for
/// tests that order changes, reads and writes explicitly, and for command-line tools whose
/// main actor does not run queued tasks.
///
/// ```swift
/// let turns = ManualTurnScheduler()
/// let tracking = restorer.persist(model, from: restored, turns: turns)
/// model.page = 2
/// turns.runPendingTurns()        // the tracking reads page 2 and saves it
/// ```
public final class ManualTurnScheduler: MainActorTurnScheduling, Sendable {
    private let pending = Locked<[@MainActor @Sendable () -> Void]>([])

    /// An empty scheduler.
    public init() {}

    /// Keeps `work` until ``runPendingTurns()``.
    public func scheduleTurn(_ work: @escaping @MainActor @Sendable () -> Void) {
        pending.withLock { $0.append(work) }
    }

    /// How many turns are waiting.
    public var pendingTurnCount: Int { pending.withLock { $0.count } }

    /// Runs every waiting turn in the order scheduled, including turns they schedule, and
    /// returns how many ran.
    @MainActor
    @discardableResult
    public func runPendingTurns() -> Int {
        var count = 0
        while true {
            let turns = pending.withLock { pending -> [@MainActor @Sendable () -> Void] in
                defer { pending.removeAll() }
                return pending
            }
            if turns.isEmpty { return count }
            for turn in turns { turn() }
            count += turns.count
        }
    }
}
