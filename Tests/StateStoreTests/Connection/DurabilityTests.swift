import Foundation
import TestSupport
import Testing

@testable import StateStore

/// `DatabaseConfiguration.durability` reaches the connection on every path that opens a file
/// for writing: a new file, an older schema that migrates, the launch path of an up-to-date
/// file, and a migration that finds another process already did the work.
@Suite struct DurabilityTests {
    let stateFile: StateFile

    init() throws { stateFile = try StateFile() }

    /// `PRAGMA synchronous` for each mode: NORMAL (1) and FULL (2).
    static func synchronousLevel(_ durability: DatabaseConfiguration.Durability) -> Int {
        durability == .crashSafe ? 1 : 2
    }

    static func configuration(_ durability: DatabaseConfiguration.Durability) -> DatabaseConfiguration {
        var configuration = DatabaseConfiguration()
        configuration.durability = durability
        return configuration
    }

    @Test func defaultDurabilityIsCrashSafe() throws {
        #expect(DatabaseConfiguration().durability == .crashSafe)
        let store = try Store(path: stateFile.path("default.sqlite"), migrator: .withNoOpDataSteps())
        defer { store.close() }
        #expect(try store.database.scalarInt("PRAGMA synchronous") == 1)
        #expect(try store.database.fetchOne("PRAGMA journal_mode") { $0.string(0) } == "wal")
    }

    @Test(arguments: DatabaseConfiguration.Durability.allCases)
    func everyWayOfOpeningAStoreAppliesTheConfiguredDurability(durability: DatabaseConfiguration.Durability) throws {
        let path = stateFile.path
        let expected = Self.synchronousLevel(durability)
        // A new file, migrated from nothing.
        let created = try Store(path: path, configuration: Self.configuration(durability), migrator: .withNoOpDataSteps())
        #expect(try created.database.scalarInt("PRAGMA synchronous") == expected, "new file")
        created.close()
        // An up-to-date file: the launch path, which skips the migrator.
        let reopened = try Store(path: path, configuration: Self.configuration(durability), migrator: .withNoOpDataSteps())
        #expect(try reopened.database.scalarInt("PRAGMA synchronous") == expected, "up-to-date file")
        reopened.close()
        // An older schema, migrated on open.
        let old = stateFile.path("old.sqlite")
        let db = try Database(path: old)
        try Migrator.withNoOpDataSteps().migrate(db, upTo: 1)
        db.close()
        let migrated = try Store(path: old, configuration: Self.configuration(durability), migrator: .withNoOpDataSteps())
        #expect(try migrated.database.scalarInt("PRAGMA synchronous") == expected, "older schema")
        migrated.close()
    }

    /// `.powerSafe` also turns on `fullfsync` and `checkpoint_fullfsync` (what makes a sync reach
    /// stable storage on Apple platforms; SQLite keeps but ignores them on Linux), `.crashSafe`
    /// leaves them off: on a new file and on the launch path of an up-to-date one.
    @Test(arguments: DatabaseConfiguration.Durability.allCases)
    func powerSafeAlsoAsksForFullSyncs(durability: DatabaseConfiguration.Durability) throws {
        let path = stateFile.path
        let expected = durability == .powerSafe ? 1 : 0
        for step in ["new file", "up-to-date file"] {
            let store = try Store(path: path, configuration: Self.configuration(durability), migrator: .withNoOpDataSteps())
            #expect(try store.database.scalarInt("PRAGMA fullfsync") == expected, "\(step)")
            #expect(try store.database.scalarInt("PRAGMA checkpoint_fullfsync") == expected, "\(step)")
            store.close()
        }
    }

    /// The race `Store.init` can lose: it saw an older version, and by the time the migrator
    /// looked another process had migrated, so there was nothing left to apply.
    @Test(arguments: DatabaseConfiguration.Durability.allCases)
    func migrationWithNothingLeftToApplyStillAppliesTheDurability(durability: DatabaseConfiguration.Durability) throws {
        let path = stateFile.path
        try Store(path: path, migrator: .withNoOpDataSteps()).close()
        let late = try Database(path: path, configuration: Self.configuration(durability))
        defer { late.close() }
        #expect(try Migrator.withNoOpDataSteps().migrate(late).isEmpty)
        #expect(try late.scalarInt("PRAGMA synchronous") == Self.synchronousLevel(durability))
        #expect(try late.fetchOne("PRAGMA journal_mode") { $0.string(0) } == "wal")
    }

    @Test func readOnlyStoreIsNotSwitchedToAnotherJournalMode() throws {
        let path = stateFile.path
        try Store(path: path, migrator: .withNoOpDataSteps()).close()
        var configuration = DatabaseConfiguration(access: .readOnly)
        configuration.durability = .powerSafe
        let reader = try Database(path: path, configuration: configuration)
        defer { reader.close() }
        #expect(try Migrator.withNoOpDataSteps().migrate(reader).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
    }
}
