import Foundation
import TestSupport
import Testing

@testable import StateStore

/// A migration that lets older releases keep writing the file must be additive
/// (``AdditiveMigrationRules``): checked for every migration in `Migrations/`, and the checker
/// itself against the two schema-6 fixtures and against one breach of each rule.
@Suite struct AdditiveMigrationRulesTests {
    /// Migrations 1–4 predate the rule (they declare nothing) and are exempt; from 5 on, every
    /// migration whose writable-by is below its version is checked.
    @Test func everyShippedMigrationThatKeepsOlderWritersIsAdditive() throws {
        let shipped = try MigrationFile.embedded.get()
        let checked = shipped.filter { migration in migration.compatibility.map { $0.writableBy < migration.version } ?? false }
        for migration in checked {
            #expect(try AdditiveMigrationRules.violations(of: migration, after: shipped.filter { $0.version < migration.version }) == [])
        }
        // Only 0001–0004 are exempt; 0005 (history and build stamps) is checked.
        #expect(checked.map(\.version).contains(5))
        #expect(shipped.filter { $0.compatibility == nil }.allSatisfy { $0.version <= 4 })
    }

    @Test func theAdditiveFixtureFollowsTheRules() throws {
        let migrations = try SchemaBuild.additive6.migrations()
        #expect(try AdditiveMigrationRules.violations(of: migrations[5], after: Array(migrations.prefix(5))) == [])
    }

    @Test func theRewritingFixtureIsFlagged() throws {
        let migrations = try SchemaBuild.rewriting6.migrations()
        let problems = try AdditiveMigrationRules.violations(of: migrations[5], after: Array(migrations.prefix(5)))
        #expect(problems.contains { $0.contains("changes or removes the existing table scene_state") })
        #expect(problems.contains { $0.contains("alters the existing table scene_state") })
        #expect(problems.contains { $0.contains("writes rows of the existing table scene_state") })
        #expect(problems.allSatisfy { $0.hasPrefix("0006_record_payload_bytes.sql ") })
    }

    /// One breach of each rule, each in an otherwise additive migration.
    @Test(arguments: [
        ("CREATE UNIQUE INDEX one_per_scene ON scene_state (account, scene);", "adds the UNIQUE index one_per_scene"),
        (
            "CREATE TRIGGER no_big_records BEFORE INSERT ON scene_state WHEN length(NEW.payload) > 10 BEGIN SELECT RAISE(ABORT, 'too big'); END;",
            "which raises an error"
        ),
        (
            "CREATE TABLE scene_colour (account TEXT NOT NULL, scene TEXT NOT NULL, colour TEXT, PRIMARY KEY (account, scene)) WITHOUT ROWID;",
            "would leave behind"
        ),
        (
            "CREATE TABLE pin (account TEXT, scene TEXT, kind TEXT, FOREIGN KEY (account, scene, kind) REFERENCES scene_state (account, scene, kind));",
            "without ON DELETE CASCADE"
        ),
        (
            "CREATE TRIGGER stamp AFTER INSERT ON scene_state BEGIN UPDATE store_meta SET value = value + 1 WHERE key = 'saves'; END;",
            "which writes the existing table store_meta"
        ),
        ("CREATE VIEW catalog_records AS SELECT * FROM scene_state WHERE kind = 'catalog';", "adds the view catalog_records"),
        ("DELETE FROM quarantine;", "writes rows of the existing table quarantine"),
        ("DROP INDEX quarantine_by_scene;", "changes or removes the existing index quarantine_by_scene"),
    ])
    func eachBreachIsFlagged(sql: String, expected: String) throws {
        let shipped = try MigrationFile.embedded.get().filter { $0.version <= 4 }
        let migration = try MigrationFile(name: "0005_breach.sql", sql: "-- readable-by: 4\n-- writable-by: 4\n" + sql)
        let problems = try AdditiveMigrationRules.violations(of: migration, after: shipped)
        #expect(problems.contains { $0.contains(expected) }, "\(problems)")
    }

    /// The SQLite linked here, as `sqlite_version()` names it.
    static let linkedSQLiteVersion = (try? Database(path: ":memory:").fetchOne("SELECT sqlite_version()") { $0.string(0) ?? "" }) ?? nil

    /// `concat` came with SQLite 3.44: a release on 3.40 could not open the file. The check runs
    /// the SQL on the SQLite linked here, so this case needs the oldest supported one.
    @Test(.enabled(if: linkedSQLiteVersion?.hasPrefix("3.40.") == true, "runs the SQL on the SQLite linked here: needs SQLite 3.40"))
    func aMigrationUsingAFunctionTheOldestSupportedSQLiteLacksIsFlagged() throws {
        try eachBreachIsFlagged(sql: "CREATE TABLE t (x); INSERT INTO t SELECT concat('a', 'b');", expected: "does not run on SQLite")
    }

    /// Per-scene data kept by a trigger instead of a foreign key passes.
    @Test func perSceneDataDeletedByATriggerOfTheMigrationPasses() throws {
        let shipped = try MigrationFile.embedded.get().filter { $0.version <= 4 }
        let migration = try MigrationFile(
            name: "0005_scene_colour.sql",
            sql: """
                -- readable-by: 4
                -- writable-by: 4
                CREATE TABLE scene_colour (account TEXT NOT NULL, scene TEXT NOT NULL, colour TEXT, PRIMARY KEY (account, scene)) WITHOUT ROWID;
                CREATE TRIGGER scene_colour_goes_with_its_scene AFTER DELETE ON scene_state
                WHEN NOT EXISTS (SELECT 1 FROM scene_state WHERE account = OLD.account AND scene = OLD.scene)
                BEGIN
                    DELETE FROM scene_colour WHERE account = OLD.account AND scene = OLD.scene;
                END;
                """)
        #expect(try AdditiveMigrationRules.violations(of: migration, after: shipped) == [])
    }
}
