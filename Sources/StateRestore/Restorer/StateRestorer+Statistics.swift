extension StateRestorer {
    /// What this restorer's restores and saves came to since it was made, per kind and outcome,
    /// with the record bytes they read or wrote and how long they took: a snapshot.
    ///
    /// ```swift
    /// let reader = restorer.statistics[kind: "reader"]
    /// logger.info("reader restores: \(reader.restores), saves: \(reader.saves)")
    /// ```
    ///
    /// ``RestoreOutcome`` gives the outcome a restore of several report codes counts under;
    /// ``SaveOutcome`` the outcomes of saves, persisted or by hand.
    public var statistics: RestoreStatistics {
        var statistics = RestoreStatistics()
        for (kind, restores) in diagnosis.restoreTallies { statistics.kinds[kind, default: KindStatistics()].restores = restores }
        for (kind, saves) in persistence.writer.saveTallies { statistics.kinds[kind, default: KindStatistics()].saves = saves }
        return statistics
    }
}
