import StateStore

extension DatabaseConfiguration {
    /// The tool's restores (`restore`, `shelf restore`): they show what a launch would restore
    /// and read only, so nothing is created, migrated, moved aside or written; the report says
    /// what a launch would do instead.
    static var toolReading: DatabaseConfiguration {
        DatabaseConfiguration(access: .readOnly)
    }
}
