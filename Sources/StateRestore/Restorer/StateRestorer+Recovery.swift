import Foundation
import JSON
import StateStore

extension StateRestorer {
    func recoverFromCorruption(_ side: inout RestoreSide, reason: String) {
        side.store?.closeWithoutCheckpoint()
        let file = location.withLock { $0.file }
        let opening = LaunchDatabase.recoverFromCorruption(file, reason: reason, configuration: configuration)
        location.withLock { $0.note(opening) }
        side.store = opening.store
        side.databaseReport += opening.report
    }

    /// Opens the restorer's file again as a launch does (a resume, a reopen after a failed
    /// launch): the file it opened before or nothing, never a new file where it was.
    func reopen(_ side: inout RestoreSide) {
        let current = location.withLock { $0 }
        let opening: LaunchDatabase.Opening
        if let refusal = current.refusal, current.file.identity == nil {
            opening = LaunchDatabase.unresolvable(refusal)  // nothing was ever opened: the path still does not resolve
        } else {
            opening = LaunchDatabase.open(current.file, configuration: configuration, identity: current.file.identity)
        }
        location.withLock { $0.note(opening) }
        side.store = opening.store
        side.databaseReport = opening.report
    }

    /// Blocks until a background migration of this restorer's file (`database-needs-migration`)
    /// has ended; returns at once when none runs. The next restore then reads the migrated file.
    package func waitForDeferredMigration() {
        DeferredMigration.waitUntilFinished(location.withLock { $0.file })
    }

    /// Opens the database again, as a launch does, when the launch could not read it
    /// (unavailable, busy, being migrated) or could only read it (read-only): the storage may have come back
    /// (space freed, the device unlocked, the other process done). Called before each restore
    /// and hand save; a file that is still unavailable costs one failed open. Nothing opens
    /// while suspended or after `close`.
    func reopenIfUnavailable(_ side: inout RestoreSide) {
        guard !side.databaseReport.isEmpty, !side.isClosed, !side.isSuspended else { return }  // the usual launch: nothing to check
        let report = side.databaseReport
        let couldNotRead = side.store == nil && report.contains { RestoreCode.fileNotRead.contains($0.code) }
        let couldOnlyRead = (side.store == nil || side.store?.isReadOnly == true) && report.contains { $0.code == .databaseReadOnly }
        guard couldNotRead || couldOnlyRead else { return }
        // The read-only connection closes first: while it is open, a failed open could not
        // remove the `-wal` and `-shm` it began (they would look in use).
        side.store?.close()
        reopen(&side)
    }

    /// Closes the connection of a launch that could only read (`database-read-only`) once an
    /// operation is done with it: every later operation opens the file again anyway, and a
    /// read-only connection held between them would make SQLite's shared memory of the file
    /// read-only for the whole process (one per file and process, made by its first
    /// connection), so a launch, a resume or a writer opening the file once it is writable
    /// again could not write (model sequence
    /// `Fixtures/sequences/a-launch-after-a-read-only-one-writes-once-storage-is-back.txt`, found by
    /// a fresh soak seed). Holding no connection between operations also holds no lock.
    static func releaseReadOnlyConnection(_ side: inout RestoreSide) {
        guard side.store?.isReadOnly == true, side.databaseReport.contains(where: { $0.code == .databaseReadOnly }) else { return }
        side.store?.close()
        side.store = nil
    }
}
