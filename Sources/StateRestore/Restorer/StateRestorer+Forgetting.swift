import Foundation
import JSON
import StateStore

extension StateRestorer {
    /// Forgets what the restore side holds of the screens `isGone` names (discarded, pruned,
    /// signed out): their crash-loop marks, carried fields and save rules.
    static func forgetScreens(_ side: inout RestoreSide, where isGone: (ScreenKey) -> Bool) {
        for screen in side.markedScreens where isGone(screen) {
            side.launchGuard?.clear(screen.guardMark)
            side.markedScreens.remove(screen)
        }
        side.carriedFields = side.carriedFields.filter { !isGone($0.key) }
        side.gate.forget(where: isGone)
        side.restoredScreens = side.restoredScreens.filter { !isGone($0) }
    }

    /// How fresh a scene's last use must be before a restore notes a new one: a day, the
    /// grain of ``removeScenes(unusedFor:)``.
    static let useGranularitySeconds: Double = 86_400

    /// `duration` in seconds.
    static func seconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
