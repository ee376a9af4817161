/// Progress of a migration, reported through the migrator's callback.
package struct MigrationProgress: Equatable, Sendable {
    /// The migration running.
    package let version: Int
    /// Its file name.
    package let name: String
    /// Records rewritten so far by its data step.
    package let recordsDone: Int
    /// Records its data step will rewrite, when known.
    package let recordsTotal: Int?

    package init(version: Int, name: String, recordsDone: Int, recordsTotal: Int?) {
        self.version = version
        self.name = name
        self.recordsDone = recordsDone
        self.recordsTotal = recordsTotal
    }

    /// A data step's report of records done so far; the migrator fills in which migration.
    package init(recordsDone: Int, recordsTotal: Int?) {
        self.init(version: 0, name: "", recordsDone: recordsDone, recordsTotal: recordsTotal)
    }
}
