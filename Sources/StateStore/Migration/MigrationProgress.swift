/// Progress of a migration, reported through the migrator's callback.
public struct MigrationProgress: Equatable, Sendable {
    /// The migration running.
    public let version: Int
    /// Its file name.
    public let name: String
    /// Records rewritten so far by its data step.
    public let recordsDone: Int
    /// Records its data step will rewrite, when known.
    public let recordsTotal: Int?

    /// Creates a progress report.
    public init(version: Int, name: String, recordsDone: Int, recordsTotal: Int?) {
        self.version = version
        self.name = name
        self.recordsDone = recordsDone
        self.recordsTotal = recordsTotal
    }

    /// A data step's report of records done so far; the migrator fills in which migration.
    public init(recordsDone: Int, recordsTotal: Int?) {
        self.init(version: 0, name: "", recordsDone: recordsDone, recordsTotal: recordsTotal)
    }
}
