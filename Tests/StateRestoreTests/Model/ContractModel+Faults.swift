import StateRestore

extension ContractModel {
    /// What a storage fault refuses: the step as it goes when its write cannot commit (a full
    /// file system, another process holding the write lock). Where the outcome depends on
    /// timing or on space the file system still had, the runner accepts this or the step's
    /// ordinary outcome, whichever the engine took, and counts which.
    ///
    /// Nothing acknowledged is lost: a hand save throws; a persisted save stays pending (the
    /// writer keeps the batch and tries again one window later, or at the next flush).
    mutating func refusedByStorage(_ operation: ModelOperation) -> Outcome? {
        switch operation {
        case .save(let r, let slot, _):
            reopenIfWritable(r)
            restorers[r].noteUse(of: slot, inProcess: &scenesInUse)
            guard !restorers[r].isClosed, !restorers[r].isSuspended else { return nil }
            _ = sightingForSave(r, slot)
            return .threw("storageRefused")
        case .fireWindows(let r):
            // The window's write fails and is scheduled again.
            guard restorers[r].isScheduled, !restorers[r].writerClosed, !restorers[r].isSuspended, !restorers[r].pending.isEmpty else { return nil }
            openWriterIfPossible(r)
            return .done
        case .flush(let r):
            guard !restorers[r].writerClosed, !restorers[r].isSuspended else { return nil }
            handOver(r)
            guard !restorers[r].pending.isEmpty || !restorers[r].uses.isEmpty else { return nil }
            openWriterIfPossible(r)
            return .threw("storageRefused")
        case .restore(let r, let slot):
            // Its launch's crash check cannot move the records it blames to the quarantine: they
            // stay in place, not applied, blamed again by a later launch. The move of a record
            // it cannot read is refused: the record stays in place, and the restore answers as
            // the move would (the default state, record-unreadable, what it read).
            guard checksCrashesRestoring(r) || quarantinesRestoring(r, slot) else { return nil }
            return restore(r, slot, storageRefuses: true)
        default:
            return nil
        }
    }

    /// A launch on a read-only file system reads without writing (`database-read-only` in
    /// every restore report, saves waiting) until one of its operations that opens the file
    /// again finds it writable (``reopenIfWritable(_:)``).
    mutating func launchReadingOnly(_ r: Int) {
        restorers[r].reportPrefix = ["database-read-only"]
    }

    /// Whether a launch now can only read: the file system is read-only, or full while no
    /// connection of any process keeps the file's log and shared memory in place (a launch
    /// could not make them).
    var launchesReadingOnly: Bool {
        // On a full file system a launch opens for writing only beside a connection that did (the
        // log files exist): a restorer's launch connection, or its writer's, even when the
        // launch connection could only read; beside one that could only read, it can only read too.
        isReadOnly || (isFull && !logFilesLeftByKill && !restorers.contains { $0.holdsLogFiles })
    }

    /// After a restorer closed its connections, or a connection that is no restorer's closed one
    /// it opened for writing (another build's store, the tool's commands that write or open to
    /// write and refuse; the tool's readers cannot): the last one closing cleanly, on a file
    /// system with room, takes the log files a killed process left with it (model sequence
    /// Fixtures/sequences/the-tools-last-connection-takes-the-log-files-a-killed-child-left.txt).
    /// Only a connection that held them does: a restorer suspended again, or closed while
    /// suspended with nothing to write, closes none, and a killed child's log files stay (model
    /// sequence Fixtures/sequences/a-second-suspend-closes-no-connection-and-leaves-a-killed-childs-log-files.txt).
    mutating func forgetLogFilesIfLastClosed(closingOneThatHeldThem heldLogFiles: Bool) {
        if heldLogFiles, !isFull, !isReadOnly, !restorers.contains(where: { $0.holdsLogFiles }) { logFilesLeftByKill = false }
    }

    /// Before each restore, hand save, discard, rollback, sign-out, prune and shelf restore or
    /// save (Reliability, "Reading only"): a restorer that could only read opens the file again
    /// as a launch does now, and is a writer from then on when that opening can write (the file
    /// system writable, and, when full, the log files kept by a connection beside it).
    mutating func reopenIfWritable(_ r: Int) {
        let restorer = restorers[r]
        // An orphan's reopening finds another file at its path: it never becomes a writer.
        guard restorer.reportPrefix == ["database-read-only"], !restorer.isClosed, !restorer.isSuspended, !restorer.isOrphaned, !launchesReadingOnly else { return }
        restorers[r].reportPrefix = []
    }

    /// A write the storage refused after the writer was asked to open: its connection opened
    /// when a launch now could (the refusal came from the write), not when it could not.
    mutating func openWriterIfPossible(_ r: Int) {
        if !launchesReadingOnly { restorers[r].writerIsOpen = true }
    }

    /// The file was damaged in place while no restorer had it open: the next launch finds it
    /// unreadable, moves it aside unchanged and starts an empty one (`database-corrupt` in
    /// every restore report of that launch).
    mutating func startFresh(_ r: Int) {
        records = [:]
        quarantine = []
        shelves = [:]
        generations = [:]
        useTimes = [:]
        // This process's notes of the file (its scenes in use, its sign-outs) were of the file
        // moved aside. A launch of this process that moves it aside carries them to the new file,
        // as the engine carries its notes of a file to the one that replaced it (model sequence
        // Fixtures/sequences/a-scene-used-here-before-the-damage-is-in-use-on-the-file-this-process-started.txt);
        // a child's launch does not, so none of them is of the new file (model sequences
        // Fixtures/sequences/a-scene-used-before-the-damage-is-not-in-use-on-the-new-file.txt and
        // Fixtures/sequences/a-sign-out-here-does-not-fence-the-file-a-child-started-after-the-damage.txt).
        if restorers[r].isChild {
            scenesInUse = []
            signedOutHere = [:]
        }
        restorers[r].reportPrefix = ["database-corrupt"]
    }

    /// Whether `restorer`'s restore would write its launch's crash check to the database: it is
    /// the first since the restorer opened the file, and crashed restores of its role are blamed
    /// (their records move to the quarantine in one transaction, even when none of them is
    /// stored any more).
    func checksCrashesRestoring(_ r: Int) -> Bool {
        let restorer = restorers[r]
        if restorer.isClosed || restorer.isSuspended || restorer.isOrphaned || restorer.readsOnly { return false }
        return restorer.crashCheck == nil && !(restorer.isExtension ? extensionBlame : blame).isEmpty
    }

    /// Whether `restorer`'s restore of `slot` would move the record to the quarantine.
    func quarantinesRestoring(_ r: Int, _ slot: Slot) -> Bool {
        let restorer = restorers[r]
        if restorer.isClosed || restorer.isSuspended || restorer.isOrphaned || restorer.readsOnly { return false }
        guard let record = records[slot], now - record.updatedAt <= Double(ModelNote.expirySeconds) else { return false }
        if case .unreadable = Self.reading(record), case .raw = record.body { return true }
        return false
    }

    /// `relocate(to:)`: writes everything pending, then moves the file (with its quarantine
    /// and generations) and reopens there, when nothing else has it open; otherwise nothing
    /// moves and the restorer reopens the old file. Refused at once while another restorer of
    /// this process on the file is not closed, even suspended. The guard file is removed with
    /// the old file: what it held to blame goes with it.
    ///
    /// `ontoOwnFile`: onto a name the file's own files take beside it (its log, index, journal,
    /// guard, live scenes or a move's note): refused after the same hand-over and flush as a
    /// move another connection blocks, and nothing moves (a move onto `<db>-shm` reported
    /// success and deleted the data; found by hand, issue 2).
    mutating func relocate(_ r: Int, ontoOwnFile: Bool = false) -> Outcome {
        guard !restorers[r].isClosed, !restorers[r].isSuspended else { return .threw("databaseUnusable") }
        // Another restorer of this process on the file, even suspended, would go on at the old path.
        if restorers.indices.contains(where: { $0 != r && !restorers[$0].isChild && !restorers[$0].isClosed }) { return .threw("databaseUnusable") }
        handOver(r)
        if case .failure(let failure) = writePending(r, includingUses: true) { return .threw(failure.description) }
        restorers[r].reportPrefix = []
        // The writer closed for the move; it opens again at its next write.
        restorers[r].writerIsOpen = false
        if ontoOwnFile || restorers.indices.contains(where: { $0 != r && !restorers[$0].isClosed && !restorers[$0].isSuspended }) {
            publish(nil)
            return .threw("refused")
        }
        blame = []
        crashedLaunches = 0
        extensionBlame = []
        extensionCrashedLaunches = 0
        // Its live scenes are published beside the file's new place, a file made now.
        liveFileExists = false
        publish(nil)
        return .count(records.count)
    }
}
