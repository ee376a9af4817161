/// A restore that was started and not yet completed: the durable crash-loop mark of one
/// screen (account, scene, kind).
public struct RestoreMark: Equatable, Sendable {
    /// The account the scene belongs to.
    public let account: String
    /// The scene (window) identifier.
    public let scene: String
    /// Which screen's record was being restored.
    public let kind: String
    /// When the restore started, in seconds since 1970.
    public let startedAt: Double
}
