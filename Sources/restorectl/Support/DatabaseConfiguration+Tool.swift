import StateStore

extension DatabaseConfiguration {
    /// The tool's restores: a person waits for the answer, no watchdog does, so a migration of
    /// any size runs before the restore (an app's launch hands a long one to the background).
    static var tool: DatabaseConfiguration {
        var configuration = DatabaseConfiguration()
        configuration.launchMigrationLimitBytes = .max
        return configuration
    }
}
