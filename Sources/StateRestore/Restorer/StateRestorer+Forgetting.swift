import Foundation
import JSON
import StateStore

extension StateRestorer {
    /// Forgets what the restore side holds of the screens `isGone` names (discarded, pruned,
    /// signed out): their crash-loop marks, carried fields and save rules.
    static func forgetScreens(_ side: inout RestoreSide, where isGone: @Sendable (ScreenKey) -> Bool) {
        for (screen, mark) in side.markedScreens.elements where isGone(screen) {
            side.launchGuard?.clear(mark)
            side.markedScreens.removeValue(for: screen)
        }
        side.uncompletedScreens = side.uncompletedScreens.filter { !isGone($0) }
        side.gate.forget(where: isGone)
        side.restoredScreens = side.restoredScreens.filter { !isGone($0) }
    }

    /// The screens live in this restorer, which ``discard(_:)`` and
    /// ``rollBack(kind:writtenBy:account:)`` refuse (`sceneIsLive`): a screen is live from its
    /// restore until it is persisted or its restore completed and its tracking has ended. That
    /// is, restored (a record applied) and neither persisted nor completed by
    /// ``completeRestore(_:)``, or persisted and still tracked (its model neither released nor
    /// its tracking cancelled).
    func liveScreens() -> [ScreenKey] {
        let uncompleted = restoring.withLock { $0.isClosed ? [] : $0.uncompletedScreens }
        return Array(Set(persistence.liveScreens()).union(uncompleted))
    }

    /// How fresh a scene's last use must be before a restore notes a new one: a day, the
    /// grain of ``removeScenes(unusedFor:)``.
    static let useGranularitySeconds: Double = 86_400
}
