/// A step of a restore, reported as it ends to a restorer's `phaseObserver` (the benchmark
/// times the phases of a launch with it).
package enum RestorePhase: String, Sendable, CaseIterable {
    /// The crash-loop check and the record's read.
    case read
    /// Decoding, upgrading and defaulting the record.
    case decode
    /// The restore-in-progress mark of a record about to be applied (one write to the guard
    /// file, no commit, no sync).
    case mark
    /// Reconciling the state against the current data.
    case reconcile
}
