import StateStore

/// One screen's record address: a scene and the kind of state it holds.
struct ScreenKey: Hashable, Sendable {
    var scene: SceneKey
    var kind: String
}

extension ScreenKey {
    /// This screen's mark in the crash-loop guard file.
    var guardMark: LaunchGuardMark { LaunchGuardMark(account: scene.account, scene: scene.scene, kind: kind) }
}
