/// A restore that was started and not yet completed: the durable crash-loop mark of one
/// screen (account, scene, kind).
package struct RestoreMark: Equatable, Sendable {
    package let account: String
    package let scene: String
    /// Which screen's record was being restored.
    package let kind: String
    /// When the restore started, in seconds since 1970.
    package let startedAt: Double
}
