import StateRestore

extension ContractModel {
    /// What a restorer's crash check found: the screens whose records it moved to the
    /// quarantine (or left in place), and how many launches in a row crashed.
    struct CrashCheck {
        var screens: Set<Slot>
        var launches: Int
        /// The records the check blamed and left in place, the storage having refused their move
        /// to the quarantine: never applied again, so every restore of their screens by this
        /// launch starts from defaults (`restore-crashed`) while the screen still holds one.
        var keptInPlace: Set<Blamed> = []
    }

    /// A record a killed child was applying: its screen, and what its crash-loop mark is
    /// stamped with (the record's save time). The next launch blames that record only: one
    /// saved since was never applied.
    struct Blamed: Hashable {
        var slot: Slot
        var updatedAt: Double

        init(_ slot: Slot, _ record: Record) {
            self.slot = slot
            updatedAt = record.updatedAt
        }

        /// Whether `record` is the one this mark was made applying.
        func names(_ record: Record?) -> Bool { record?.updatedAt == updatedAt }
    }

    /// The crash-loop guard of `restorer`'s restore of `slot` (`StateRestorer`'s documentation):
    /// the first restore of a launch that reads the file treats every mark a launch now gone
    /// left as a crash of that launch: the record it was applying, if the screen still holds
    /// it (a record saved since was never applied), moves to the quarantine and its screen starts
    /// from defaults (`restore-crashed`); when the two previous launches both crashed that way,
    /// every screen of this launch starts from defaults, records kept. True when the restore
    /// starts from defaults for it.
    ///
    /// With `storageRefuses`, the storage refuses the check's transaction (a full disk, another
    /// process's lock, a launch that could only read): the blamed records stay in their slots and
    /// are never applied again, their screens start from defaults (`restore-crashed`, "left in
    /// place") at every restore of this launch while they hold the record blamed, the marks are
    /// kept for a later launch to blame again, and the launch still counts (Reliability, "A
    /// crashing restore").
    mutating func checkCrashes(_ restorer: inout Restorer, _ slot: Slot, storageRefuses: Bool = false) -> Bool {
        if restorer.readsOnly, restorer.crashCheck == nil { restorer.crashCheck = crashCheckReadingOnly() }
        if restorer.crashCheck == nil {
            // Each role blames its own crashes and counts its own launches.
            var roleBlame = restorer.isExtension ? extensionBlame : blame
            var roleLaunches = restorer.isExtension ? extensionCrashedLaunches : crashedLaunches
            // On a read-only mount the guard file is read, never written: the count of launches
            // in a row that crashed stays as it was (model sequence
            // Fixtures/sequences/launches-on-a-read-only-mount-do-not-count-each-other-as-crashed.txt).
            let writesCount = !isReadOnly
            if roleBlame.isEmpty {
                if writesCount { roleLaunches = 0 }
                restorer.crashCheck = CrashCheck(screens: [], launches: 0)
            } else {
                let launches = roleLaunches + 1
                if writesCount { roleLaunches = launches }
                let blamed = roleBlame.filter { $0.names(records[$0.slot]) }
                let screens = Set(blamed.map(\.slot))
                restorer.crashCheck = CrashCheck(screens: screens, launches: launches, keptInPlace: storageRefuses ? blamed : [])
                if !storageRefuses {
                    quarantineBlamed(screens)
                    roleBlame = []
                }
            }
            if restorer.isExtension { (extensionBlame, extensionCrashedLaunches) = (roleBlame, roleLaunches) } else { (blame, crashedLaunches) = (roleBlame, roleLaunches) }
        }
        if restorer.crashCheck!.screens.remove(slot) != nil { return true }
        if restorer.crashCheck!.keptInPlace.contains(where: { $0.slot == slot && $0.names(records[slot]) }) { return true }
        return restorer.crashCheck!.launches >= 2
    }

    /// The crash check's transaction: the records of `screens` move to the quarantine as they
    /// are (readable, so the tool's restore can put them back).
    private mutating func quarantineBlamed(_ screens: Set<Slot>) {
        for screen in screens.sorted() {
            let record = records.removeValue(forKey: screen)!
            quarantine.append(
                Quarantined(
                    slot: screen, payload: ModelWrites.text(of: record), version: record.version, updatedAt: record.updatedAt, body: record.body,
                    minReaderVersion: record.minReaderVersion))
        }
    }

    /// The child dies by SIGKILL: nothing it held in memory is written, its trackings end
    /// with it, and the restore it had not completed is left to blame.
    mutating func killChild(_ c: Int, leavingMark mark: Blamed? = nil) {
        if restorers[c].holdsLogFiles { logFilesLeftByKill = true }
        restorers[c].isClosed = true
        restorers[c].writerClosed = true
        restorers[c].pending = [:]
        restorers[c].uses = [:]
        for t in trackings.indices where trackings[t].restorer == c { trackings[t].isStopped = true }
        turns.removeAll { trackings[$0].restorer == c }
        if let mark { if restorers[c].isExtension { extensionBlame.insert(mark) } else { blame.insert(mark) } }
    }

    /// The child restores `slot` and dies before completing the restore (the app crashed
    /// applying it): a record it applied is blamed by the next launch's first restore.
    mutating func childCrash(_ c: Int, _ slot: Slot) -> Outcome {
        let outcome = restore(c, slot)
        killChild(c, leavingMark: restorers[c].lastMarked)
        return outcome
    }

    /// The child's flush; with a kill point it dies before the flush, or right after its commit.
    mutating func childFlush(_ c: Int, kill: ModelOperation.KillPoint?) -> Outcome {
        if kill == .beforeCommit {
            killChild(c)
            return .done
        }
        let outcome = flush(c)
        if kill == .afterCommit {
            killChild(c)
            return .done
        }
        return outcome
    }
}
