/// A restore that was started and not yet completed: the durable crash-loop mark of one scene.
public struct RestoreMark: Equatable, Sendable {
    public let account: String
    public let scene: String
    /// When the restore started, in seconds since 1970.
    public let startedAt: Double
}
