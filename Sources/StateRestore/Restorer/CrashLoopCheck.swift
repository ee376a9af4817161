import StateStore

/// What the first restore of a launch found about the launches before it.
///
/// Every mark a launch that is gone left is a restore it started and never completed: that
/// launch crashed while applying a record.
struct CrashLoopCheck {
    /// What became of a crashed screen's record.
    enum Outcome {
        /// Moved to the quarantine under this id.
        case quarantined(Int64)
        /// Left in its slot (the quarantine could not be written, or the restorer only reads),
        /// for this reason; not applied this launch. `savedAt` is the save time of the record
        /// blamed; nil when the mark named whatever record its screen holds (an older
        /// release's mark).
        case keptInPlace(String, savedAt: Double?)
    }

    /// The screens whose restore crashed, by the hash of their guard mark, and what became of
    /// their records; a screen leaves once its restore has reported it.
    var crashedScreens: [UInt64: Outcome]
    /// The crashed screens whose record stayed in place, once their restore has reported
    /// them: the restore applied defaults, but the record that crashed a launch is still
    /// stored, and a use of it outside a restore (a portable send) still refuses it while it
    /// is the record blamed.
    var keptInPlaceAfterRestore: [UInt64: Outcome] = [:]
    /// Launches in a row, up to the previous one, that crashed while applying a restore.
    let crashedLaunches: Int
    /// Whether this launch starts every scene from defaults: two launches in a row crashed.
    var startsEverySceneFromDefaults: Bool { crashedLaunches >= 2 }
    /// The previous launch completed every restore it started.
    static let clean = CrashLoopCheck(crashedScreens: [:], crashedLaunches: 0)

    /// The stored records that crashed marks (their screen hashes, `blamed`) name. A mark this
    /// release writes is stamped with the record it was applying (its save time), so
    /// it names that record only: one saved since (by another process, the tool, or after a
    /// discard) was never applied and is not blamed. An unstamped mark (an older release's, or
    /// a test's) names whatever record its screen holds.
    static func records(blamedBy blamed: Set<UInt64>, among records: [StoredRecordSummary]) -> [StoredRecordSummary] {
        guard !blamed.isEmpty else { return [] }
        return records.filter { record in
            let mark = LaunchGuardMark(account: record.account, scene: record.scene, kind: record.kind)
            return blamed.contains(mark.screenHash) || blamed.contains(mark.stamped(savedAt: record.updatedAt).screenHash)
        }
    }
}
