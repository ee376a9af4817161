import StateRestore

/// The database removed under a running app (`rm state.sqlite*` by a user's "reset" script or
/// a cleaner) while this process's restorers keep it open, as `StateRestorer` documents it
/// (`Tests/StateRestoreTests/Restorer/FileGoneWhileOpenTests.swift`, found by hand): nothing
/// is acknowledged into the removed file, nothing read back from it, nothing made at its path
/// for it, and what its restorers note of it never counts for a file made at the path since.
extension ContractModel {
    /// Every child has exited; the file and everything beside it go while this process's
    /// restorers that are not closed keep it open (they are orphaned from then on), and a new
    /// restorer of this process is launched, which makes a new empty file at the path. The file's
    /// state starts fresh: records, history, stamps, quarantine, shelves, generations, discard
    /// epoch and fences, use times, the guard file's blame and crash counts, the live-scenes
    /// file, and this process's notes of the file (scenes in use, sign-outs, live scenes: the
    /// engine keys them by the file's identity).
    mutating func removeFile() -> Outcome {
        // An orphan of an earlier removal stays as it was: its file was gone already.
        for r in restorers.indices where !restorers[r].isClosed && !restorers[r].isOrphaned {
            restorers[r].isOrphaned = true
            // A suspended restorer, or one that could only read, holds no connection between
            // operations (its next one reopens the path, which is another file now).
            restorers[r].holdsRemovedFileConnection = !restorers[r].isSuspended && restorers[r].reportPrefix != ["database-read-only"]
            restorers[r].writerIsOpen = false
        }
        records = [:]
        history = [:]
        stamps = [:]
        quarantine = []
        shelves = [:]
        generations = [:]
        discardEpoch = 0
        discardFences = [:]
        useTimes = [:]
        scenesInUse = []
        signedOutHere = [:]
        blame = []
        extensionBlame = []
        crashedLaunches = 0
        extensionCrashedLaunches = 0
        publishedHere = []
        publishedHereHeld = false
        liveFileExists = false
        logFilesLeftByKill = false
        return launch()
    }

    /// A hand save by orphan `r` (neither closed nor suspended): refused before any statement
    /// when its restore side let go of the removed file (`databaseUnusable`: reopening the
    /// path finds another file); otherwise the kind's budget is checked first
    /// (`recordOverBudget`), then the write transaction finds the file gone under the write
    /// lock (`fileMoved`) and the restore side lets go of its connection.
    mutating func saveIntoRemovedFile(_ r: Int, _ note: ModelNote) -> Outcome {
        guard restorers[r].holdsRemovedFileConnection else { return .threw("databaseUnusable") }
        if note.title.count > ModelNote.longTitle { return .threw("recordOverBudget") }
        restorers[r].holdsRemovedFileConnection = false
        return .threw("fileMoved")
    }

    /// Whether `operation` asks an orphaned restorer for something the model does not follow,
    /// so that the driver never picks it and a run skips it (a shrunk sequence may orphan a
    /// restorer its original closed first). An orphan may restore, save, persist, have its
    /// trackings changed or cancelled, its turns run, its windows fired, flush and close: what
    /// an app does in the seconds before it notices. Not followed: a suspension and resume
    /// (the resume refuses as the file moved, and the suspension's publication and log files
    /// are of another file), discards, sign-outs, prunes and rollbacks (each opens the path
    /// for a transaction the model would have to refuse step by step), shelves (a second
    /// record kind) and moves; and a move of the new file while an orphan is open (the
    /// orphan's path then holds the move's note, which changes what its restores say).
    func asksAnOrphanWhatIsNotModelled(_ operation: ModelOperation) -> Bool {
        let isOrphan = { (r: Int) in restorers.indices.contains(r) && restorers[r].isOrphaned && !restorers[r].isClosed }
        switch operation {
        case .relocate, .relocateOntoOwnFile:
            return restorers.contains { $0.isOrphaned && !$0.isClosed }
        case .shelfSave(let r, _, _), .shelfRestore(let r, _), .suspend(let r), .resume(let r), .discard(let r, _), .signOut(let r, _), .removeUnused(let r, _),
            .rollBack(let r, _, _):
            return isOrphan(r)
        default:
            return false
        }
    }
}
