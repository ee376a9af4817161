import Foundation
import StateStore

extension DatabaseConfiguration {
    /// The tool's restores (`restore`, `shelf restore`): they show what a launch would restore
    /// and read only, so nothing is created, migrated, moved aside or written; the report says
    /// what a launch would do instead. Measured against the tool's clock (``tool``).
    static var toolReading: DatabaseConfiguration {
        var configuration = DatabaseConfiguration(access: .readOnly)
        if let now = fixedNow() { configuration.clock = { now } }
        return configuration
    }

    /// The tool's writes: a person waits for the answer, no watchdog does, so a migration of
    /// any size runs first (an app's launch hands a long one to the background).
    /// `RESTORECTL_NOW` (seconds since 1970), when set, is the clock: tests drive expiry and
    /// pruning through the tool without waiting. Only the executables read it.
    static var tool: DatabaseConfiguration {
        var configuration = DatabaseConfiguration()
        configuration.launchMigrationLimitBytes = .max
        if let now = fixedNow() { configuration.clock = { now } }
        return configuration
    }

    /// The time `RESTORECTL_NOW` sets, or nil when it is unset or not a finite number. Read
    /// with `getenv`: `ProcessInfo.environment` copies the whole environment into a dictionary
    /// at every call (0.35 M instructions of a cold `restorectl restore`).
    private static func fixedNow() -> Double? {
        guard let variable = getenv("RESTORECTL_NOW"), let now = Double(String(cString: variable)), now.isFinite else { return nil }
        return now
    }
}
