/// A step of a restore, reported as it ends to ``StateRestorer/phaseObserver`` (the benchmark
/// times the phases of a launch with it).
@_spi(Benchmarks)
public enum RestorePhase: String, Sendable, CaseIterable {
    /// The crash-loop check and the record's read.
    case read
    /// The durable restore-in-progress mark.
    case mark
    /// Decoding, upgrading and defaulting the record.
    case decode
    /// Reconciling the state against the current data.
    case reconcile
}
