import StateStore

extension CrashLoopCheck {
    /// What a launch's crash check would find beside `file`, for a restore that reads only:
    /// the screens whose restore a launch now gone never completed (the guard file's crashed
    /// slots, and marks a release before the guard file left in the database) and the launches
    /// in a row that crashed, found without creating, locking or writing anything. A crashed
    /// screen's record is left where it is; the report says a launch would quarantine it.
    /// Only `role`'s crashed slots and count are read, as a launch of that role handles them.
    /// `reason` says why the records stay (a restore that reads only, by default; a launch that
    /// cannot open the guard file for writing names the refusal).
    static func lookingOnly(
        beside file: DatabaseFile, role: DatabaseRole, in store: Store, reason: String = "this restore reads only: a launch would move it to the quarantine"
    ) -> CrashLoopCheck {
        let found = LaunchGuardFile.crashedMarksWithoutHandling(beside: file.path, role: role)
        let blamed = Set(found.marks.map(\.screenHash))
        let records = blamed.isEmpty ? [] : (try? store.recordSummaries()) ?? []
        var screens: [UInt64: Double?] = [:]
        for record in Self.records(blamedBy: blamed, among: records) {
            screens[LaunchGuardMark(account: record.account, scene: record.scene, kind: record.kind).screenHash] = record.updatedAt
        }
        var previousCount = found.crashedLaunches
        var hasDatabaseMarks = false
        if let state = try? store.crashCheckState() {
            previousCount = max(previousCount, state.crashedLaunches)
            if state.hasDatabaseMarks, let legacy = try? store.restoreMarks() {
                hasDatabaseMarks = !legacy.isEmpty
                for mark in legacy { screens[LaunchGuardMark(account: mark.account, scene: mark.scene, kind: mark.kind).screenHash] = .some(nil) }
            }
        }
        // A crashed launch counts as a launch's check counts it, even when no record it was
        // applying is still stored (one saved since was never applied).
        guard !blamed.isEmpty || hasDatabaseMarks else { return .clean }
        return CrashLoopCheck(crashedScreens: screens.mapValues { .keptInPlace(reason, savedAt: $0) }, crashedLaunches: previousCount + 1)
    }
}
