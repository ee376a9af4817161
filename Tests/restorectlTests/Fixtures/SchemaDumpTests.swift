import Foundation
import StateRestore
import StateStore
import Testing

/// Every schema version that has shipped has a dump with realistic rows in
/// `Fixtures/schema/v<N>.sql`; each must migrate to the latest schema with every row intact and
/// every scene still restorable.
@Suite struct SchemaDumpTests {
    /// The schema versions with a dump, discovered from the file names.
    static func dumpedVersions() -> [Int] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: FixtureFolders.schema.path)) ?? []
        return names.compactMap { name -> Int? in
            guard name.hasPrefix("v"), name.hasSuffix(".sql") else { return nil }
            return Int(name.dropFirst().dropLast(4))
        }.sorted()
    }

    @Test func everyShippedSchemaVersionHasADump() throws {
        let latest = try StateMigrations.makeMigrator().latestVersion
        #expect(Self.dumpedVersions() == Array(1...latest), "add Fixtures/schema/v<N>.sql for each new migration")
    }

    @Test(arguments: dumpedVersions())
    func dumpMigratesToTheLatestWithEveryRowAndEveryScene(version: Int) throws {
        let dir = try TemporaryDirectory()
        let path = dir.path("state.sqlite")
        let script = try String(contentsOf: FixtureFolders.schema.appendingPathComponent("v\(version).sql"), encoding: .utf8)
        let database = try Database(path: path)
        try database.executeScript(script)
        #expect(try database.ownership() == .ours(schemaVersion: version))

        let migrator = try StateMigrations.makeMigrator()
        let status = try migrator.status(of: database)
        #expect(status.applied.map(\.version) == Array(1...version))
        #expect(status.applied.allSatisfy { $0.isIntact }, "the dump's schema_history checksums must be the real ones")

        let tables = try tableNames(database)
        let before = try Dictionary(uniqueKeysWithValues: tables.map { ($0, try rows(of: $0, in: database)) })
        #expect(!(before["scene_state"] ?? []).isEmpty, "the dump should hold realistic rows")

        try migrator.migrate(database)
        #expect(try database.ownership() == .ours(schemaVersion: migrator.latestVersion))
        #expect(try database.fetchOne("PRAGMA integrity_check") { $0.string(0) } == "ok")
        for table in tables where table != "schema_history" {
            #expect(try rows(of: table, in: database) == before[table], "rows of \(table) changed")
        }
        // The history keeps its rows and gains one per applied migration.
        let history = try rows(of: "schema_history", in: database)
        #expect(Array(history.prefix(version)) == before["schema_history"])
        #expect(history.count == migrator.latestVersion)
        let scenes = try database.fetchAll("SELECT account, scene, version FROM scene_state ORDER BY account, scene") {
            ($0.string(0) ?? "", $0.string(1) ?? "", $0.int(2))
        }
        database.close()

        for (account, scene, recordVersion) in scenes {
            let run = CapturedRun([
                "restore", "--db", path, "--scene", scene, "--account", account,
                "--document", FixtureFolders.path("documents/original.json"), "--json",
            ])
            #expect(run.exitCode == 0, "\(scene): \(run.stderr)")
            let json = try JSONValue.parse(Data(run.stdout.utf8))
            guard case .array(let report)? = json["report"] else { Issue.record("no report for \(scene)"); continue }
            let codes = report.compactMap { entry -> String? in if case .string(let code)? = entry["code"] { code } else { nil } }
            let allowed: Set<String> = ["record-upgraded", "defaults-applied", "record-newer-read", "selection-cleared", "anchor-moved", "anchor-reset"]
            #expect(Set(codes).isSubset(of: allowed), "\(account)/\(scene) (format \(recordVersion)) restored with \(codes)")
            #expect(json["scene"] == .string(scene))
            #expect(json["account"] == .string(account))
        }
        #expect(CapturedRun(["inspect", "--db", path, "--json"]).exitCode == 0)
    }

    private func tableNames(_ database: Database) throws -> [String] {
        try database.fetchAll("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name") { $0.string(0) ?? "" }
    }

    /// Every row of `table` as text, in a stable order, so two snapshots compare exactly.
    private func rows(of table: String, in database: Database) throws -> [[String]] {
        let statement = try database.makeStatement("SELECT * FROM \"\(table)\"")
        var rows: [[String]] = []
        while try statement.step() {
            rows.append((0..<statement.columnCount).map { column in
                statement.isNull(column) ? "NULL" : "\(statement.value(column))"
            })
        }
        return rows.sorted { $0.lexicographicallyPrecedes($1) }
    }
}
