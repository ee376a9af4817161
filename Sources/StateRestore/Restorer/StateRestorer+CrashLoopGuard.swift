import Foundation
import JSON
import StateStore

extension StateRestorer {
    /// The report entries for skipping a screen's record, or nil to restore it: its restore
    /// crashed a launch that is gone, or the two previous launches both crashed.
    /// A restore takes the verdict (`consuming`): the screen's next restore in this process
    /// is not blamed again, unless a launch's check left the record blamed in place (it is
    /// never applied). A look that applies nothing (``crashLoopVerdict(on:)``) leaves the verdict.
    func crashLoopGuard(_ screen: ScreenKey, in store: Store, _ side: inout RestoreSide, consuming: Bool = true) throws -> [RestoreReportEntry]? {
        if side.crashLoopCheck == nil && readsOnly {
            side.crashLoopCheck = CrashLoopCheck.lookingOnly(beside: location.withLock { $0.file }, role: configuration.role, in: store)
        } else if side.crashLoopCheck == nil {
            do {
                // An existing file only: where no launch ever marked anything, nothing crashed.
                if side.launchGuard == nil && side.guardUnavailable == nil {
                    side.launchGuard = try LaunchGuardFile.acquire(beside: path, creating: false, role: configuration.role)
                }
            } catch {
                side.guardUnavailable = (error as? LaunchGuardError)?.reason ?? "\(error)"
            }
            if side.launchGuard == nil, let unavailable = side.guardUnavailable {
                // A guard file this launch cannot open for writing (a read-only mount, its mode)
                // is still read: a record a dead launch's mark blames is never applied, and its
                // marks stay for a launch that can handle them.
                side.crashLoopCheck = CrashLoopCheck.lookingOnly(
                    beside: location.withLock { $0.file }, role: configuration.role, in: store,
                    reason: "the guard file could not be opened for writing: \(unavailable)")
            } else {
                side.crashLoopCheck = try checkingWithoutFailingTheLaunch(&side, in: store)
            }
        }
        let mark = screen.guardMark
        let verdict = consuming ? side.crashLoopCheck?.crashedScreens.removeValue(forKey: mark.screenHash) : side.crashLoopCheck?.crashedScreens[mark.screenHash]
        if consuming, case .keptInPlace? = verdict { side.crashLoopCheck?.keptInPlaceAfterRestore[mark.screenHash] = verdict }
        // A record a launch's check kept in place is never applied: not at the screen's next
        // restore either, while the screen still holds the record blamed. A restorer that reads
        // only moves nothing and marks nothing: its next restore shows the record (model
        // sequence Fixtures/sequences/a-readers-second-restore-shows-the-record-a-launch-would-quarantine.txt).
        if let outcome = try verdict ?? (consuming && readsOnly ? nil : Self.recordKeptInPlace(for: screen, in: store, side)) {
            let detail =
                switch outcome {
                case .quarantined(let id): "its record was moved to the quarantine (id \(id))"
                case .keptInPlace(let reason, _): "its record could not be moved to the quarantine (\(reason)), so it was left in place and is not applied"
                }
            return [
                RestoreReportEntry(
                    .restoreCrashed,
                    "the previous restore of \(screen.scene) never completed (the app crashed while applying it); \(detail) and the default state was used")
            ]
        }
        if let check = side.crashLoopCheck, check.startsEverySceneFromDefaults {
            return [RestoreReportEntry(.restoreCrashed, "restores crashed in \(check.crashedLaunches) launches in a row; every scene starts from defaults this launch and any record is kept in place")]
        }
        return nil
    }

    /// The verdict a restore of `screen` reported, when its record stayed in place and is
    /// still the record blamed (stored with the save time the crashed launch's mark named, or
    /// any record for a mark that named none); nil otherwise. A record saved since was never
    /// applied by the launch that crashed.
    private static func recordKeptInPlace(for screen: ScreenKey, in store: Store, _ side: RestoreSide) throws -> CrashLoopCheck.Outcome? {
        guard let kept = side.crashLoopCheck?.keptInPlaceAfterRestore[screen.guardMark.screenHash], case .keptInPlace(_, let savedAt) = kept,
            let stored = try store.record(account: screen.scene.account, scene: screen.scene.scene, kind: screen.kind)
        else { return nil }
        return savedAt == nil || stored.updatedAt == savedAt ? kept : nil
    }

    /// The crash-loop guard's verdict on `screen` for a use of its record outside the typed
    /// restore (the tool's restore of an app's kind by its formats, a portable record), found
    /// as a restore finds it, before the record is read: the report entries that skip its
    /// record, or nil to use it. A restorer that reads only looks without moving anything, and
    /// the verdict stays for the screen's restore.
    func crashLoopVerdict(on screen: ScreenKey) -> [RestoreReportEntry]? {
        restoring.withLock { side in
            guard !side.isClosed, !side.isSuspended else { return nil }
            reopenIfUnavailable(&side)
            defer { Self.releaseReadOnlyConnection(&side) }
            guard let store = side.store else { return nil }
            return try? crashLoopGuard(screen, in: store, &side, consuming: false)
        }
    }

    /// Finds the restores that launches now gone started and never completed (the guard
    /// file's slots whose process died, and marks a release before the guard file left in the
    /// database), moves their records to the quarantine in one transaction, and counts the
    /// launches in a row that crashed (in the guard file's header). When the transaction cannot
    /// commit (a full disk), the crashed slots are kept for a later launch and their records are
    /// not applied by this one. A launch with nothing to find reads nothing in the database;
    /// the database's own marks are looked for only while no guard file exists yet (the first
    /// launch of this release on the file).
    func checkPreviousLaunches(in store: Store, _ side: inout RestoreSide) throws -> CrashLoopCheck {
        let launchGuard = side.launchGuard
        let slots = (try? launchGuard?.crashedSlots()) ?? []
        let blamed = Set(slots.flatMap(\.marks).map(\.screenHash))
        let databaseState = launchGuard == nil ? try store.crashCheckState() : (hasDatabaseMarks: false, crashedLaunches: 0)
        let previousCount = max(launchGuard?.crashedLaunches ?? 0, databaseState.crashedLaunches)
        guard !blamed.isEmpty || databaseState.hasDatabaseMarks else {
            launchGuard?.finish(slots, forgetting: true)
            if previousCount != 0 { try? launchGuard?.setCrashedLaunches(0) }
            return .clean
        }
        let legacy = databaseState.hasDatabaseMarks ? try store.restoreMarks() : []
        // Each with the save time of the record blamed; none for a legacy mark (it named whatever
        // record its screen holds).
        var screens = legacy.map { (account: $0.account, scene: $0.scene, kind: $0.kind, savedAt: Double?.none) }
        for record in CrashLoopCheck.records(blamedBy: blamed, among: try store.recordSummaries()) {
            let isLegacy = legacy.contains { $0.account.hasSameBytes(as: record.account) && $0.scene.hasSameBytes(as: record.scene) && $0.kind.hasSameBytes(as: record.kind) }
            if !isLegacy { screens.append((record.account, record.scene, record.kind, record.updatedAt)) }
        }
        let crashedLaunches = previousCount + 1
        // The count lives in the guard file, made now if this is its first launch.
        if side.launchGuard == nil && side.guardUnavailable == nil { side.launchGuard = try? LaunchGuardFile.acquire(beside: path, creating: true, role: configuration.role) }
        try? side.launchGuard?.setCrashedLaunches(crashedLaunches)
        do {
            let quarantined = try store.writeTransaction { () -> [UInt64: CrashLoopCheck.Outcome] in
                var outcomes: [UInt64: CrashLoopCheck.Outcome] = [:]
                for screen in screens {
                    let id = try store.quarantineRecord(
                        account: screen.account, scene: screen.scene, kind: screen.kind, reason: .restoreCrashed,
                        error: Self.crashedRestoreError
                    )
                    if let id { outcomes[LaunchGuardMark(account: screen.account, scene: screen.scene, kind: screen.kind).screenHash] = .quarantined(id) }
                }
                for mark in legacy { try store.clearRestoreMark(account: mark.account, scene: mark.scene, kind: mark.kind) }
                if !legacy.isEmpty { try store.setConsecutiveCrashedLaunches(0) }  // counted in the guard file from now on
                return outcomes
            }
            launchGuard?.finish(slots, forgetting: true)
            return CrashLoopCheck(crashedScreens: quarantined, crashedLaunches: crashedLaunches)
        } catch let error as StoreError where error.isSQLiteFailure && !error.indicatesDamage {
            launchGuard?.finish(slots, forgetting: false)
            var kept: [UInt64: CrashLoopCheck.Outcome] = [:]
            for screen in screens {
                kept[LaunchGuardMark(account: screen.account, scene: screen.scene, kind: screen.kind).screenHash] = .keptInPlace(error.message, savedAt: screen.savedAt)
            }
            return CrashLoopCheck(crashedScreens: kept, crashedLaunches: crashedLaunches)
        }
    }

    /// The error a record whose restore crashed a launch is quarantined under.
    static let crashedRestoreError = "restoring this record did not complete: the app stopped before the restore finished"

    /// Marks `screen`'s restore of `record` as being applied (the mark stamped with the
    /// record's save time, so a later launch blames that record only); the report entry that says the
    /// restore is not guarded when the mark cannot be made.
    func mark(_ screen: ScreenKey, applying record: StoredRecord, _ side: inout RestoreSide) -> RestoreReportEntry? {
        let mark = screen.guardMark.stamped(savedAt: record.updatedAt)
        let reason: String
        // Tried again at each mark while it could not be had: the storage may have come back
        // (space freed), and a record applied unguarded when it could be guarded would go
        // unblamed if it crashed (model sequence
        // Fixtures/sequences/restore-after-space-comes-back-is-guarded-again.txt).
        if side.launchGuard == nil {
            do {
                side.launchGuard = try LaunchGuardFile.acquire(beside: path, creating: true, role: configuration.role)
                side.guardUnavailable = nil
            } catch {
                side.guardUnavailable = (error as? LaunchGuardError)?.reason ?? "\(error)"
            }
        }
        if let launchGuard = side.launchGuard {
            do {
                try launchGuard.mark(mark)
                // A screen restored again before it completed holds one mark, of the record it
                // applied last: the earlier mark is let go (one hold less when it is the same
                // mark, whose holds `mark` counted), so completing the screen clears it.
                if let previous = side.markedScreens.update(mark, for: screen) { launchGuard.clear(previous) }
                return nil
            } catch {
                reason = (error as? LaunchGuardError)?.reason ?? "\(error)"
            }
        } else {
            reason = side.guardUnavailable ?? "the guard file could not be opened"
        }
        return RestoreReportEntry(
            .restoreUnguarded, "the crash-loop mark could not be written (\(reason)); the record was applied without it, so a crash while applying it would not be caught")
    }

    /// Runs the crash check. A read-only or full disk must not stop the launch: the error is
    /// reported and the restore goes on without the check (nil).
    func checkingWithoutFailingTheLaunch(_ side: inout RestoreSide, in store: Store) throws -> CrashLoopCheck? {
        do {
            return try checkPreviousLaunches(in: store, &side)
        } catch let error as StoreError where error.isSQLiteFailure && !error.indicatesDamage {
            side.databaseReport.append(RestoreReportEntry(.restoreUnguarded, "the crash-loop check could not read the database (\(error.message)); restoring without it"))
            return nil
        }
    }

    /// Clears `screen`'s restore mark if this restorer left one (a write to the guard file's
    /// page cache, no commit).
    func complete(_ screen: ScreenKey) -> Bool {
        restoring.withLock { side in
            side.uncompletedScreens.remove(screen)
            guard let mark = side.markedScreens.removeValue(for: screen) else { return true }
            guard side.launchGuard?.clear(mark) ?? true else {
                side.markedScreens.update(mark, for: screen)  // still marked: closing tries again
                return false
            }
            return true
        }
    }

    /// Ends this restorer's use of the guard file: its restores still marked were not crashes
    /// (the process got as far as closing), so their marks go.
    func releaseLaunchGuard(_ side: inout RestoreSide) {
        guard let launchGuard = side.launchGuard else { return }
        for (_, mark) in side.markedScreens.elements {
            launchGuard.clear(mark)
        }
        side.markedScreens.removeAll()
        launchGuard.release()
        side.launchGuard = nil
    }
}
