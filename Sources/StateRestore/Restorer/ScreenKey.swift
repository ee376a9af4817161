/// One screen's record address: a scene and the kind of state it holds.
struct ScreenKey: Hashable, Sendable {
    var scene: SceneKey
    var kind: String
}
