import StateStore

/// What ``StateRestorer/rollBack(kind:writtenBy:account:)`` did with each scene whose record of
/// the kind was written by the build: put an earlier record back, refused it (one list per
/// reason), or found nothing earlier to put back. Each list is ordered by account and scene.
public struct RollbackResult: Equatable, Sendable {
    /// The scenes whose earlier record was put back (the one replaced is now in their history).
    public var rolledBack: [SceneKey] = []
    /// Refused: the screen is live in this process (restored and not completed, or persisted
    /// and still tracked, by a restorer not closed), or another process on the file has it on
    /// screen (its `<db>-live` slot). Rolling it back under it would be overwritten by its next
    /// save, so it is left, as ``StateRestorer/discard(_:)`` leaves it.
    public var liveScenes: [SceneKey] = []
    /// Refused: a save of the screen waits to be written, and would replace the earlier record.
    public var pendingSaves: [SceneKey] = []
    /// Refused: the account was signed out after this restorer restored the screen (the write
    /// gate's fence).
    public var signedOutScenes: [SceneKey] = []
    /// The scenes whose history holds no record by another build.
    public var nothingEarlier: [SceneKey] = []

    /// An empty result.
    public init() {}
}
