import StateStore

/// What a replay of a file did with each of its records (``StateDatabase/replay(_:restoring:)``),
/// in the order of account, scene and kind.
package struct ReplayOutcome: Sendable {
    /// Each record that was restored, with its report.
    package var restored: [RestorationSummary] = []
    /// Each record that was not, because no context restores its kind.
    package var notRestored: [StoredRecordSummary] = []
}
