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

    /// Lets go of the restore side's connection when its file is no longer at the restorer's
    /// path (removed, renamed away or replaced since it was opened; one `stat`), and returns
    /// whether it did. The connection stays open, idle, until the restorer closes (it keeps
    /// the removed file's inode from going to a new file at the path), and the restorer then
    /// refuses as after a move (``LaunchDatabase/moved(_:)``): its restores answer the default
    /// state saying why, instead of reading back what no later launch finds; its saves are
    /// refused, not acknowledged into a file no one reads; nothing is created at the path. A
    /// later restore or save opens the file again when it is back.
    @discardableResult
    func letGoOfMovedFile(_ side: inout RestoreSide) -> Bool {
        guard let store = side.store, store.fileHasMoved else { return false }
        side.store = nil
        store.keepOpenDetached()
        side.keptFile?.release()
        side.keptFile = .detached(store)
        let file = location.withLock { $0.file }
        let opening: LaunchDatabase.Opening
        if case .movedTo(_, let destination)? = file.refusalIfMissing() {
            opening = LaunchDatabase.movedAway(file, to: destination)
        } else {
            opening = LaunchDatabase.moved(file)
        }
        location.withLock { $0.note(opening) }
        side.databaseReport = opening.report
        return true
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
    ///
    /// Before a read (`beforeReading`), a connection whose file is no longer at the path is let
    /// go (``letGoOfMovedFile(_:)``, one `stat`), so nothing is read back from a file no later
    /// launch finds; a write checks the same under its own lock instead. A connection that
    /// reads the file as immutable is opened again once the file has been written since
    /// (`Store.readsAFileWrittenSinceItsImmutableOpen`), so a restorer that only
    /// reads sees what other processes saved since, as a launch's connection does.
    func reopenIfUnavailable(_ side: inout RestoreSide, beforeReading: Bool = true) {
        if beforeReading, !side.isClosed, !side.isSuspended {
            letGoOfMovedFile(&side)
            // A restorer that only reads holds the file as immutable when no one was writing
            // it; once someone has, it would read what the file held then, or a torn page of it.
            if side.store?.readsAFileWrittenSinceItsImmutableOpen == true {
                side.store?.close()
                reopen(&side)
                return
            }
        }
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

    /// Runs a write against the launch connection's store. When it finds the file damaged
    /// (`SQLITE_CORRUPT`, a missing table…), the file is moved aside as a restore would
    /// (`database-corrupt` joins `databaseReport`) and the write runs once more against the
    /// fresh database, so a launch that restored around the damage can still save.
    ///
    /// A restorer that only reads refuses a write (`writing`, the default) before any
    /// statement: it never attempts one (``RestoreError/databaseUnusable(_:)``).
    func recoveringFromDamage<T>(writing: Bool = true, _ body: sending (Store) throws -> sending T) throws -> sending T {
        try recoveringFromDamage(writing: writing, before: { _ in () }) { store, _ in try body(store) }
    }

    /// ``recoveringFromDamage(writing:_:)`` for a hand save of `screen`, given the sighting it
    /// follows (``sightingForSave(of:_:)``), looked up under the same lock: one lock a save,
    /// not two. Notes the scene in use (``ScenesInUse``) whatever the gate then says, but not
    /// by a closed restorer: it has no file any more, and the one it had may since have been
    /// replaced (model sequence
    /// `Fixtures/sequences/a-closed-restorers-save-notes-no-use-of-the-file-that-replaced-its-own.txt`).
    func recoveringFromDamage<T>(
        afterSightingOf screen: ScreenKey, _ body: sending (Store, WriteGate.Sighting) throws -> sending T
    ) throws -> sending T {
        try recoveringFromDamage(
            writing: true,
            before: { side in
                if !side.isClosed { ScenesInUse.note(screen.scene, atFile: fileKey) }
                return sightingForSave(of: screen, on: &side)
            }, body)
    }

    /// The steps of both: under the restore lock, the connection reopened if it was
    /// unavailable, `before` (what the write needs to know first, on the reopened connection),
    /// then `body`, once more against a fresh file when the first try found the file damaged.
    private func recoveringFromDamage<Known, T>(
        writing: Bool, before: (inout RestoreSide) -> Known, _ body: sending (Store, Known) throws -> sending T
    ) throws -> sending T {
        if writing && readsOnly { throw Self.readsOnlyRefusal }
        return try restoring.withLock { side in
            reopenIfUnavailable(&side, beforeReading: false)
            defer { Self.releaseReadOnlyConnection(&side) }
            let known = before(&side)
            if side.isSuspended, !side.isClosed {
                throw RestoreError.databaseUnusable("the restorer is suspended (suspend()): nothing is written until resume()")
            }
            guard let store = side.store else { throw RestoreError.databaseUnusable(side.databaseReport.last?.detail ?? "the database cannot be written") }
            // A newer release's file this build may only read: refused before any statement.
            if store.isReadOnly, let newer = side.databaseReport.first(where: { $0.code == .databaseNewerRead }) {
                throw RestoreError.databaseUnusable(newer.detail)
            }
            do {
                return try body(store, known)
            } catch let error as StoreError where error.indicatesDamage {
                recoverFromCorruption(&side, reason: error.message)
            } catch StoreError.corrupt(_, let reason) {
                recoverFromCorruption(&side, reason: reason)
            } catch StoreError.fileMoved(let path) {
                // Refused under the write lock: the file went since the last look.
                letGoOfMovedFile(&side)
                throw StoreError.fileMoved(path: path)
            }
            guard let fresh = side.store else { throw RestoreError.databaseUnusable(side.databaseReport.last?.detail ?? "the database cannot be written") }
            return try body(fresh, known)
        }
    }
}
