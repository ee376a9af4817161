@testable import StateStore

extension Migrator {
    /// The embedded migrations with a no-op registered for every declared data step.
    ///
    /// StateStore does not know record formats, so its own tests (whose databases hold no
    /// catalog records that need upgrading) stand in for StateRestore's data steps; a plain
    /// `Migrator()` refuses such migrations.
    static func withNoOpDataSteps() throws -> Migrator {
        var migrator = try Migrator()
        for migration in migrator.migrations where migration.declaredDataStep != nil {
            migrator.registerDataMigration(for: migration.version) { _, _ in }
        }
        return migrator
    }
}
