import StateStore

/// What ``StateRestorer/rollBack(kind:writtenBy:account:)`` did with each scene whose record of
/// the kind was written by the build: put an earlier record back, refused, or found nothing
/// earlier to put back. Each list is ordered by account and scene.
public struct RollbackResult: Equatable, Sendable {
    /// Why a scene was not rolled back although its record was written by the build.
    public enum Refusal: Equatable, Sendable {
        /// The screen is live in this process (restored and not completed, or persisted and
        /// still tracked, by a restorer not closed): rolling it back under it would be
        /// overwritten by its next save, so it is left, as ``StateRestorer/discard(_:)``
        /// leaves it.
        case sceneIsLive
        /// A save of the screen waits to be written, and would replace the earlier record.
        case saveIsPending
        /// The account was signed out after this restorer restored the screen (the write
        /// gate's fence).
        case accountSignedOut
    }

    /// The scenes whose earlier record was put back (the one replaced is now in their history).
    public var rolledBack: [SceneKey] = []
    /// The scenes refused, each with why.
    public var refused: [(scene: SceneKey, reason: Refusal)] = []
    /// The scenes whose history holds no record by another build.
    public var nothingEarlier: [SceneKey] = []

    /// An empty result.
    public init() {}

    /// Two results are equal when their lists are.
    public static func == (lhs: RollbackResult, rhs: RollbackResult) -> Bool {
        lhs.rolledBack == rhs.rolledBack && lhs.nothingEarlier == rhs.nothingEarlier
            && lhs.refused.map(\.scene) == rhs.refused.map(\.scene) && lhs.refused.map(\.reason) == rhs.refused.map(\.reason)
    }
}
