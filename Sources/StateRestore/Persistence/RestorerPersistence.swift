import Foundation
import StateStore

/// A restorer's persistence side: the coalescing writer its trackings feed, the trackings that
/// are live (held weakly) and the restores whose completion waits for the main-actor turn after
/// their `persist`.
final class RestorerPersistence: Sendable {
    /// The restorer's own writer; its connection opens at the first write.
    let writer: CoalescingWriter
    private let live = Locked(Live())

    private struct Live {
        var trackings: [WeakTracking] = []
        var pendingCompletions = ScreenSet()
    }

    private struct WeakTracking {
        weak var tracking: PersistenceTracking?
        let screen: ScreenKey
    }

    init(writer: CoalescingWriter) {
        self.writer = writer
    }

    /// Keeps `tracking` so a flush can hand over its current state, and notes that
    /// `screen`'s restore completes at the next turn or flush.
    func register(_ tracking: PersistenceTracking, completing screen: ScreenKey) {
        Self.everTrackedLock.withLock { Self.everTracked = true }
        live.withLock { live in
            live.trackings.removeAll { $0.tracking == nil }
            live.trackings.append(WeakTracking(tracking: tracking, screen: screen))
            live.pendingCompletions.insert(screen)
        }
    }

    /// Whether a screen of any restorer of this process was ever live. Until one was, a close
    /// publishes nothing: there is no live scene to publish or to clear (once one was, a close
    /// publishes again, which also clears a tracking released without a cancel, whichever
    /// restorer held it).
    static var anyScreenWasEverLive: Bool { everTrackedLock.withLock { everTracked } }

    /// Guards `everTracked`.
    private static let everTrackedLock = NSLock()
    /// Reached only under `everTrackedLock` (a static under an `NSLock`, not a `Locked`: see
    /// `Locked`).
    @exclusivity(unchecked) nonisolated(unsafe) private static var everTracked: Bool = false

    /// Whether any screen's tracking is neither released nor cancelled (``liveScreens()`` not
    /// empty, without listing them: asked at every close).
    var hasLiveScreen: Bool {
        live.withLock { live in
            live.trackings.removeAll { $0.tracking == nil || $0.tracking?.isStopped == true }
            return !live.trackings.isEmpty
        }
    }

    /// The screens whose tracking is neither released nor cancelled.
    func liveScreens() -> [ScreenKey] {
        live.withLock { live in
            live.trackings.removeAll { $0.tracking == nil || $0.tracking?.isStopped == true }
            return live.trackings.map(\.screen)
        }
    }

    /// Cancels the live trackings of the screens `isStopped` names (a signed-out account's):
    /// no later change of theirs is saved.
    func cancelTrackings(where isStopped: (ScreenKey) -> Bool) {
        let stopped = live.withLock { live in
            defer { live.trackings.removeAll { $0.tracking == nil || isStopped($0.screen) } }
            return live.trackings.filter { isStopped($0.screen) }.compactMap(\.tracking)
        }
        for tracking in stopped { tracking.stop() }
    }

    /// Whether `screen`'s completion was still pending; it is not any more.
    func takeCompletion(_ screen: ScreenKey) -> Bool {
        live.withLock { $0.pendingCompletions.remove(screen) }
    }

    /// Every pending completion, taken.
    func takeAllCompletions() -> ScreenSet {
        live.withLock { live in
            defer { live.pendingCompletions.removeAll() }
            return live.pendingCompletions
        }
    }

    /// Hands the current state of every live tracking to the writer when the caller runs on the
    /// main actor, where trackings live; elsewhere, what they handed over at their last turn is
    /// what is written.
    func handOverLiveStates(from isolation: isolated (any Actor)?) {
        guard let isolation, isolation === MainActor.shared else { return }
        let trackings = live.withLock { $0.trackings.compactMap(\.tracking) }
        MainActor.assumeIsolated {
            for tracking in trackings { tracking.saveCurrentState() }
        }
    }
}
