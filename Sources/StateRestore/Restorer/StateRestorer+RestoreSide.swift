import Foundation
import JSON
import StateStore

extension StateRestorer {
    /// What the launch connection holds between restores.
    struct RestoreSide {
        /// The store, or nil when the database may not be read (newer release, foreign,
        /// unopenable) or the restorer is closed.
        var store: Store?
        /// What opening the database found (newer, foreign, corrupt…); part of every report.
        var databaseReport: [RestoreReportEntry]
        /// What this launch's first restore found about the previous launches; nil before it.
        var crashLoopCheck: CrashLoopCheck?
        /// Screens this restorer marked "restore in progress" and has not completed, with the
        /// mark written for each (stamped with the record applied).
        var markedScreens = ScreenTable<LaunchGuardMark>()
        /// Screens whose restore applied a record and that are neither persisted nor completed
        /// (`completeRestore`), marked or not: live, as a tracked screen is (see
        /// ``StateRestorer/liveScreens()``).
        var uncompletedScreens = ScreenSet()
        /// The crash-loop guard's marks file, once the first restore has opened it; nil before,
        /// and when it cannot be had (then ``guardUnavailable`` says why).
        var launchGuard: LaunchGuardFile?
        /// Why restores of this launch are not guarded, when they are not.
        var guardUnavailable: String?
        /// Whether the app is suspended: no connection is open, restores answer defaults.
        var isSuspended = false
        /// What keeps the restorer's file allocated while it has no connection to it: a hold
        /// while suspended, or the connection it let go of once the file was removed (kept open,
        /// idle), so no file made at the path later takes its inode and is taken for it.
        var keptFile: KeptFile?
        /// Whether this restorer published its live scenes under the process's lock when it
        /// was suspended: only those are held while it is (one that had no connection, or
        /// only read, published nothing, and its suspension makes no file).
        var holdsLiveScenesWhileSuspended = false
        /// Whether ``StateRestorer/close(isolation:)`` was called: nothing opens again.
        var isClosed = false
        /// What each screen's (and shelf's) latest restore saw, from which the write gate
        /// decides what its saves may replace: the sign-out generation it captured, a newer
        /// record kept, a file it could not read, the fields its saves carry.
        var gate = WriteGate()
        /// The screens this restorer restored (whose carried fields in the gate are its own).
        var restoredScreens = ScreenSet()
        /// Every restore so far, per kind and outcome (``StateRestorer/statistics``).
        var restoreCounts = RestoreStatistics()
        /// The naming warnings delivered (each once per restorer).
        var warned: Set<String> = []
    }
}
