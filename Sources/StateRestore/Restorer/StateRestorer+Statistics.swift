extension StateRestorer {
    /// What this restorer's restores and saves came to since it was made, per kind and outcome,
    /// with the record bytes they read or wrote and how long they took: a snapshot.
    ///
    /// ```swift
    /// let reader = restorer.statistics[kind: "reader"]
    /// logger.info("reader: \(reader)")  // restores: upgraded 1 (…); saves: written 3 (…)
    /// ```
    ///
    /// ``RestoreOutcome`` gives the outcome a restore of several report codes counts under;
    /// ``SaveOutcome`` the outcomes of saves, persisted or by hand.
    public var statistics: RestoreStatistics {
        restoring.withLock { $0.restoreCounts }.merging(persistence.writer.saveCounts)
    }

    /// Counts a restore of `kind` at `key` whose report is `report`, begun at `start`, under
    /// the restore side's lock (taken again after the reconciliation, which runs outside it),
    /// then delivers its naming warnings (each once per restorer) and its event.
    func noteRestore(
        kind: String, _ key: SceneKey, report: [RestoreReportEntry], warnings: [RestoreReportEntry], movedAside: Bool, bytes: Int,
        since start: ContinuousClock.Instant
    ) {
        let outcome = RestoreOutcome(report: report, movedAside: movedAside)
        let duration = start.duration(to: .now)
        let fresh = restoring.withLock { side in
            side.restoreCounts.add(outcome, kind: kind, bytes: bytes, duration: duration)
            return warnings.isEmpty ? warnings : warnings.filter { side.warned.insert($0.detail).inserted }
        }
        for warning in fresh { diagnosis.deliverWarning(warning, kind: kind, key) }
        diagnosis.deliverRestore(kind: kind, key, outcome, report: report, bytes: bytes, duration: duration)
    }
}
