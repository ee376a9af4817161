import Foundation

/// One numbered plain-SQL migration, as embedded from `Migrations/` at build time.
public struct MigrationFile: Sendable, Equatable {
    /// The schema version this migration produces (the file's numeric prefix).
    public let version: Int
    /// The file name, for example `0001_create_scene_state.sql`.
    public let name: String
    /// The file's exact bytes.
    public let contents: Data
}
