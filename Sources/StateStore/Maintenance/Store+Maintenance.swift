extension Store {
    /// What `PRAGMA integrity_check` reports, empty when the file is sound.
    package func integrityProblems() throws -> [String] {
        let rows = try database.fetchAll("PRAGMA integrity_check") { $0.string(0) ?? "" }
        return rows == ["ok"] ? [] : rows
    }

    /// Every row `PRAGMA foreign_key_check` reports, as "table rowid → parent".
    package func foreignKeyProblems() throws -> [String] {
        try database.fetchAll("PRAGMA foreign_key_check") { row in
            "\(row.string(0) ?? "?") row \(row.int64(1)) references missing \(row.string(2) ?? "?")"
        }
    }

    /// Deletes everything stored for `account` (its records' history and build stamps too) with
    /// `secure_delete` on, then rewrites every page of the file (`VACUUM`), checkpoints and
    /// truncates the WAL, so none of the account's bytes remain in the database or its log, and
    /// removes the account's crash-loop marks from the guard file. In the same transaction the
    /// account's sign-out generation advances: a save of a screen restored before the purge,
    /// in this process or another, is dropped (``StoreError/accountSignedOut(account:)``)
    /// instead of writing the account back.
    ///
    /// `forgettingGuardMarks: false` leaves the guard file to a caller that holds it open
    /// (closing another descriptor of it would drop that caller's locks).
    package func purge(account: String, forgettingGuardMarks: Bool = true) throws -> PurgeResult {
        // A name no build could have stored (empty, past 1,024 bytes) is refused before the
        // account's sign-out generation is written: it moved for a name that holds nothing.
        let account = try StoreNames.validatedStored(account, role: "account")
        var result = try writeTransaction {
            let values: [SQLiteValue] = [.text(account)]
            let scenes = try database.fetchAll("SELECT DISTINCT scene FROM scene_state WHERE account = ?", values) { $0.string(0) ?? "" }
            try forgetSceneUse(scenes.map { (account: account, scene: $0) })
            try database.execute("DELETE FROM scene_state WHERE account = ?", values)
            let records = database.changes
            var quarantined = 0
            var snapshots = 0
            if hasRecoveryTables {
                try database.execute("DELETE FROM quarantine WHERE account = ?", values)
                quarantined = database.changes
                try database.execute("DELETE FROM shelf_snapshot WHERE account = ?", values)
                snapshots = database.changes
                try database.execute("DELETE FROM restore_mark WHERE account = ?", values)
            }
            // The triggers drop a record's history with it; this takes what a quarantine kept.
            if hasRecordHistory { try database.execute("DELETE FROM record_history WHERE account = ?", values) }
            if hasRecoveryTables { _ = try advanceAccountGeneration(account) }
            return PurgeResult(records: records, quarantined: quarantined, snapshots: snapshots)
        }
        // Committed: pages that cannot be rewritten and a log that cannot be cleared now
        // (another connection writing or reading, no space) are said, not thrown as if nothing
        // had been purged.
        (result.remainsInFile, result.fileHeldByWriter) = pageRewriteFailure().map { ($0.reason, $0.isBusy) } ?? (nil, false)
        (result.remainsInLog, result.logHeldByReader) = logClearingFailure().map { ($0.reason, $0.isBusy) } ?? (nil, false)
        // The crash-loop guard's marks of the account go too (an existing guard file only; a
        // purge never creates one): nothing of it is left to blame.
        if forgettingGuardMarks, let launchGuard = try? LaunchGuardFile.acquire(beside: path, creating: false) {
            defer { launchGuard.release() }
            try? launchGuard.forget(accountHash: LaunchGuardMark.accountHash(account))
        }
        return result
    }

    /// Rebuilds every page of the file from the rows it holds (`VACUUM`), so no page keeps the
    /// bytes of a deleted record in its unused space: `secure_delete` zeroes what a write
    /// deletes, not the old copy a page split leaves on the page a record moved from. Why it
    /// could not, or nil when it did: another connection holding the write lock (`isBusy`), no
    /// space, or a caller's transaction still open around the purge.
    private func pageRewriteFailure() -> (reason: String, isBusy: Bool)? {
        guard !database.isInTransaction else { return ("the purge ran inside a transaction still open, so the file's pages could not be rewritten", false) }
        do {
            try database.executeScript("VACUUM")
            return nil
        } catch {
            if error.isBusy { return ("another connection is writing to the file, so its pages could not be rewritten", true) }
            return ("the file's pages could not be rewritten: \(error.message)", false)
        }
    }

    /// Checkpoints and truncates the log; why it could not, or nil when it did: another
    /// connection reading the file keeps the checkpoint from completing (SQLite answers
    /// `busy` rather than an error), and a storage error stops it.
    private func logClearingFailure() -> (reason: String, isBusy: Bool)? {
        do {
            let busy = try database.fetchOne("PRAGMA wal_checkpoint(TRUNCATE)", caching: false) { $0.int(0) }
            return busy == 0 ? nil : ("another connection is reading the file, so the log could not be checkpointed", true)
        } catch {
            return ("the log could not be checkpointed: \(error.message)", false)
        }
    }

    /// Copies the WAL into the database file and truncates the log.
    package func checkpoint() throws {
        try database.executeScript("PRAGMA wal_checkpoint(TRUNCATE)")
    }
}
