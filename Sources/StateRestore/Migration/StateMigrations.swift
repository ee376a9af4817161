import StateStore

/// The migrator every writer of this project's databases uses: the embedded SQL migrations
/// plus the data steps that need record formats, which only this module knows.
public enum StateMigrations {
    /// A migrator over the embedded migrations with this module's data steps registered.
    public static func makeMigrator() throws -> Migrator {
        try Migrator()
    }
}
