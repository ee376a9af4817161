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
    /// 100,000 records from schema 2 (`restorectl-bench __migrate`): two checkpoints during the
    /// plan became one after it. A plan that leaves the log under the threshold checkpoints no
    /// more than before, so the log goes on growing into the space it has (a log copied in and
    /// reset would be written again from its start).
    ///
    /// What it costs: the log is reset only after the plan, so at its largest it holds every
    /// migration's pages, not the largest migration's (about 54 MB instead of 27 for 100,000
    /// records), and a disk with less room fails the migration sooner (the file stays at the
    /// last version committed). At `.crashSafe` a commit is on stable storage once a checkpoint
    /// or a later synced commit has synced the log, so a power cut before the plan's checkpoint
    /// can take back every migration of the plan, not only the last: the file is at its old
    /// version, consistent, and migrates again. At `.powerSafe` every commit syncs the log, as
    /// before.
    ///
    /// While `body` runs, a log hook of this connection notes the log's length after each
    /// commit instead of checkpointing (SQLite's automatic checkpoint is itself that hook); the
    /// automatic checkpoint is put back before this returns or throws. When `body` throws, the
    /// migrations it committed stay in the log until the next commit past the threshold or the
    /// close checkpoints them; so does a checkpoint that fails.
    package func checkpointingOnce<T>(_ body: () throws -> T) throws -> T {
        guard let handle else { return try body() }
        let threshold = Int32(clamping: try fetchOne("PRAGMA wal_autocheckpoint", caching: false) { $0.int(0) } ?? 1_000)
        guard threshold > 0 else { return try body() }
        var frames: Int32 = 0
        let result = try withUnsafeMutablePointer(to: &frames) { frames in
            sqlite3_wal_hook(handle, noteLogLength, frames)
            // The handle as it is then: `body` may have closed the connection.
            defer { if let handle = self.handle { sqlite3_wal_autocheckpoint(handle, threshold) } }
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
