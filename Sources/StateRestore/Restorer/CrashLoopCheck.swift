/// What the first restore of a launch found about the launches before it.
///
/// Every mark a launch that is gone left is a restore it started and never completed: that
/// launch crashed while applying a record.
struct CrashLoopCheck {
    /// What became of a crashed screen's record.
    enum Outcome {
        /// Moved to the quarantine under this id.
        case quarantined(Int64)
        /// Left in its slot (the quarantine could not be written); not applied this launch.
        case keptInPlace(String)
    }

    /// The screens whose restore crashed, by the hash of their guard mark, and what became of
    /// their records; a screen leaves once its restore has reported it.
    var crashedScreens: [UInt64: Outcome]
    /// Launches in a row, up to the previous one, that crashed while applying a restore.
    let crashedLaunches: Int
    /// Whether this launch starts every scene from defaults: two launches in a row crashed.
    var startsEverySceneFromDefaults: Bool { crashedLaunches >= 2 }
    /// The previous launch completed every restore it started.
    static let clean = CrashLoopCheck(crashedScreens: [:], crashedLaunches: 0)
}
