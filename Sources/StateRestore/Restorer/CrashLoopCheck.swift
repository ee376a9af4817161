/// What the first restore of a launch found about the launches before it.
///
/// Every restore mark still in the file at that point is a restore the previous launch started
/// and never completed: that launch crashed while applying a record.
struct CrashLoopCheck {
    /// Screens whose restore crashed the previous launch, with the quarantine id their record
    /// moved to; a screen leaves once its restore has reported it.
    var crashedScreens: [ScreenKey: Int64]
    /// Launches in a row, up to the previous one, that crashed while applying a restore.
    let crashedLaunches: Int

    /// Whether this launch starts every scene from defaults: two launches in a row crashed.
    var startsEverySceneFromDefaults: Bool { crashedLaunches >= 2 }

    /// The previous launch completed every restore it started.
    static let clean = CrashLoopCheck(crashedScreens: [:], crashedLaunches: 0)
}
