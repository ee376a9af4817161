import Foundation
import JSON
import ScreenKinds
import ScreenModels
import StateRestore
import StateStore
import TestSupport
import Testing

/// Every schema version that has shipped has a dump with realistic rows in
/// `Fixtures/schema/v<N>.sql`; each must migrate to the latest schema with every row intact and
/// every scene still restorable.
///
/// "Intact" is the migrations' contract: every table keeps its rows unchanged, except that the
/// catalog-record upgrade (the `upgrade-catalog-records` data step), when the dump is older
/// than the migration declaring it, rewrites each decodable record of an older format in the
/// current one with the same meaning; undecodable and newer records stay byte for byte.
@Suite struct SchemaDumpTests {
    /// The data step that rewrites older catalog records (see `StateMigrations`).
    static let recordUpgradeStep = "upgrade-catalog-records"
    /// The record fields the current format defines; every other top-level field is unknown
    /// to it and must survive an upgrade.
    static let currentFormatFields: Set = ["query", "selectedID", "showsOnlySelected", "viewport"]

    /// The schema versions with a dump, discovered from the file names.
    static func dumpedVersions() -> [Int] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: PackageFolders.schema.path)) ?? []
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
        let file = try StateFile()
        let script = try String(contentsOf: PackageFolders.schema.appendingPathComponent("v\(version).sql"), encoding: .utf8)
        let database = try Database(path: file.path)
        try database.executeScript(script)
        #expect(try database.ownership() == .ours(schemaVersion: version))

        let migrator = try StateMigrations.makeMigrator(upgrading: RecordKind.builtIn)
        let status = try migrator.status(of: database)
        #expect(status.applied.map(\.version) == Array(1...version))
        #expect(status.applied.allSatisfy { $0.isIntact }, "the dump's schema_history checksums must be the real ones")
        let upgradeVersion = try #require(
            migrator.migrations.first { $0.declaredDataStep == Self.recordUpgradeStep }?.version,
            "no migration declares \(Self.recordUpgradeStep)"
        )
        let upgradesRecords = version < upgradeVersion

        let tables = try tableNames(database)
        let before = try Dictionary(uniqueKeysWithValues: tables.map { ($0, try rows(of: $0, in: database)) })
        let columnsBefore = try Dictionary(uniqueKeysWithValues: tables.map { ($0, try columnNames(of: $0, in: database)) })
        let recordsBefore = try sceneRecords(in: database)
        #expect(!recordsBefore.isEmpty, "the dump should hold realistic rows")

        try migrator.migrate(database)
        #expect(try database.ownership() == .ours(schemaVersion: migrator.latestVersion))
        #expect(try database.fetchOne("PRAGMA integrity_check") { $0.string(0) } == "ok")
        #expect(Set(tables).isSubset(of: try tableNames(database)), "a table vanished")
        // Later migrations may add columns (with defaults); the columns a table had keep their rows.
        for table in tables where table != "schema_history" && table != "scene_state" {
            #expect(try rows(of: table, in: database, columns: columnsBefore[table] ?? []) == before[table], "rows of \(table) changed")
        }
        // The history keeps its rows and gains one per applied migration.
        // (Its columns may grow too: the compatibility pair came with migration 5.)
        let history = try rows(of: "schema_history", in: database, columns: columnsBefore["schema_history"] ?? [])
        #expect(Array(history.prefix(version)) == before["schema_history"])
        #expect(history.count == migrator.latestVersion)

        let recordsAfter = try sceneRecords(in: database)
        #expect(recordsAfter.map(\.key) == recordsBefore.map(\.key), "scene_state rows appeared or vanished")
        #expect(recordsAfter.map(\.kind) == recordsBefore.map(\.kind), "a record changed kind")
        var upgradedKeys: Set<SceneKey> = []
        for (old, new) in zip(recordsBefore, recordsAfter) where old.key == new.key {
            #expect(new.updatedAt == old.updatedAt, "\(old.key): updated_at changed")
            if upgradesRecords, old.kind == CatalogViewState.kind, let record = Self.olderFormatRecord(old.payload) {
                upgradedKeys.insert(old.key)
                expectUpgraded(new, from: record)
            } else {
                #expect(new == old, "\(old.key): only decodable records of an older format may be rewritten")
            }
        }
        database.close()

        // Before kinds (schema 4) every record is a catalog record; a dump from 4 on holds others.
        let holdsOtherKinds = recordsAfter.contains { $0.kind != CatalogViewState.kind }
        #expect(holdsOtherKinds == (version >= 4), "schema \(version): kinds \(Set(recordsAfter.map(\.kind)).sorted())")
        for record in recordsAfter where record.kind == CatalogViewState.kind {
            let (account, scene) = (record.key.account, record.key.scene)
            let run = CapturedRun([
                "restore", "--db", file.path, "--scene", scene, "--account", account,
                "--document", PackageFolders.path("documents/original.json"), "--json",
            ])
            #expect(run.exitCode == 0, "\(scene): \(run.stderr)")
            let json = try JSONValue.parse(Data(run.stdout.utf8))
            guard case .array(let report)? = json["report"] else {
                Issue.record("no report for \(scene)")
                continue
            }
            let codes = report.compactMap { entry -> String? in if case .string(let code)? = entry["code"] { code } else { nil } }
            let context = "\(account)/\(scene) (format \(record.version)) restored with \(codes)"
            switch RecordCodec<CatalogViewState>.decode(record.payload) {
            case .decoded:
                let allowed: Set<String> = ["record-upgraded", "defaults-applied", "record-newer-read", "selection-cleared", "anchor-moved", "anchor-reset"]
                #expect(Set(codes).isSubset(of: allowed), "\(context)")
                if upgradedKeys.contains(record.key) {
                    #expect(!codes.contains("record-upgraded") && !codes.contains("defaults-applied"), "\(context): the migration already upgraded it")
                }
            case .newer:
                #expect(codes == ["unsupported-version"], "\(context)")
            case .unreadable:
                #expect(codes == ["record-unreadable"], "\(context)")
            }
            #expect(json["scene"] == .string(scene))
            #expect(json["account"] == .string(account))
        }
        #expect(CapturedRun(["inspect", "--db", file.path, "--json"]).exitCode == 0)
    }

    // MARK: Records

    /// One `scene_state` row as stored.
    struct StoredRow: Equatable {
        let key: SceneKey
        let kind: String
        let version: Int
        let payload: Data
        let updatedAt: Double
    }

    /// The record a payload decodes to when it is of a format older than the current one (and
    /// so is what the upgrade step must rewrite); nil for current, newer and undecodable ones.
    static func olderFormatRecord(_ payload: Data) -> (state: CatalogViewState, unknownFields: JSONObject)? {
        guard case .decoded(let state, let provenance, let unknown) = RecordCodec<CatalogViewState>.decode(payload),
            provenance.sourceVersion < CatalogViewState.currentVersion
        else { return nil }
        return (state, unknown)
    }

    /// `row` holds `record` rewritten in the current format: full (nothing defaulted), with the
    /// same query, selection, filter and viewport, and every field the current format does not
    /// define kept in its order.
    private func expectUpgraded(_ row: StoredRow, from record: (state: CatalogViewState, unknownFields: JSONObject)) {
        #expect(row.version == CatalogViewState.currentVersion, "\(row.key): stored version \(row.version)")
        guard case .decoded(let upgraded, let provenance, let upgradedUnknown) = RecordCodec<CatalogViewState>.decode(row.payload) else {
            Issue.record("\(row.key): the upgraded record does not decode: \(String(decoding: row.payload, as: UTF8.self))")
            return
        }
        #expect(provenance == RecordProvenance(sourceVersion: CatalogViewState.currentVersion), "\(row.key)")
        #expect(upgraded == record.state, "\(row.key)")
        var unknown = JSONObject()
        for (name, value) in record.unknownFields where !Self.currentFormatFields.contains(name) { unknown[name] = value }
        #expect(upgradedUnknown == unknown, "\(row.key): unknown fields were not kept")
    }

    private func sceneRecords(in database: Database) throws -> [StoredRow] {
        let kind = try columnNames(of: "scene_state", in: database).contains("kind") ? "kind" : "'catalog'"
        return try database.fetchAll("SELECT account, scene, \(kind), version, payload, updated_at FROM scene_state ORDER BY account, scene, 3") {
            StoredRow(
                key: try SceneKey(scene: $0.string(1) ?? "", account: $0.string(0) ?? ""), kind: $0.string(2) ?? "",
                version: $0.int(3), payload: $0.data(4) ?? Data(), updatedAt: $0.double(5)
            )
        }
    }

    // MARK: Tables

    private func tableNames(_ database: Database) throws -> [String] {
        try database.fetchAll("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name") { $0.string(0) ?? "" }
    }

    private func columnNames(of table: String, in database: Database) throws -> [String] {
        try database.fetchAll("SELECT name FROM pragma_table_info(?)", [.text(table)]) { $0.string(0) ?? "" }
    }

    /// Every row of `table` (its `columns`, all when empty) as text, in a stable order, so two
    /// snapshots compare exactly.
    private func rows(of table: String, in database: Database, columns: [String] = []) throws -> [[String]] {
        let list = columns.isEmpty ? "*" : columns.map { "\"\($0)\"" }.joined(separator: ", ")
        let statement = try database.makeStatement("SELECT \(list) FROM \"\(table)\"")
        var rows: [[String]] = []
        while try statement.step() {
            rows.append(
                (0..<statement.columnCount).map { column in
                    statement.isNull(column) ? "NULL" : "\(statement.value(column))"
                })
        }
        return rows.sorted { $0.lexicographicallyPrecedes($1) }
    }
}
