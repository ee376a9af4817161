import CSQLite

extension Database {
    /// Runs `body`, a series of write transactions that each commit on their own (a migration
    /// plan), with the automatic checkpoint held back until the last: then, when the log is
    /// past the automatic checkpoint's threshold, it is copied into the database file once
    /// (`PRAGMA wal_checkpoint(PASSIVE)`), as the last commit's automatic checkpoint would have.
    ///
    /// Each commit that leaves the log past the threshold would otherwise checkpoint: sync the
    /// log, copy its pages into the file and sync the file, so a page two transactions wrote is
    /// copied twice and each large commit waits for two syncs. Measured on a migration of
    /// 100,000 records from schema 2 (`restorectl-bench __migrate`): three checkpoints became
    /// one. A plan that leaves the log under the threshold checkpoints no more than before, so
    /// the log goes on growing into the space it has (a log copied in and reset would be
    /// written again from its start). Durability is unchanged: at `.crashSafe` a commit is on
    /// stable storage once a checkpoint or a later synced commit has synced the log, as ever,
    /// and a power cut before that rolls the file back to a consistent earlier commit.
    ///
    /// While `body` runs, a log hook of this connection notes the log's length after each
    /// commit instead of checkpointing (SQLite's automatic checkpoint is itself that hook); the
    /// automatic checkpoint is put back before this returns or throws. A failed checkpoint
    /// costs only time: the next commit past the threshold, or the close, checkpoints.
    package func checkpointingOnce<T>(_ body: () throws -> T) throws -> T {
        guard let handle else { return try body() }
        let threshold = Int32(clamping: try fetchOne("PRAGMA wal_autocheckpoint", caching: false) { $0.int(0) } ?? 1_000)
        guard threshold > 0 else { return try body() }
        var frames: Int32 = 0
        let result = try withUnsafeMutablePointer(to: &frames) { frames in
            sqlite3_wal_hook(handle, noteLogLength, frames)
            defer { sqlite3_wal_autocheckpoint(handle, threshold) }
            return try body()
        }
        if frames >= threshold { try? executeScript("PRAGMA wal_checkpoint(PASSIVE)") }
        return result
    }
}

/// The log hook of ``Database/checkpointingOnce(_:)``: notes the log's length, in frames, after
/// a commit, and checkpoints nothing.
private func noteLogLength(_ frames: UnsafeMutableRawPointer?, _ connection: OpaquePointer?, _ database: UnsafePointer<CChar>?, _ length: Int32) -> Int32 {
    frames?.assumingMemoryBound(to: Int32.self).pointee = length
    return SQLITE_OK
}
