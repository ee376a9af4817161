import Foundation
import ScreenKinds
import ScreenModels
import TestSupport
import Testing

@testable import StateRestore
@testable import StateStore

@Suite struct CatalogRecordUpgradeTests {
    /// The catalog kind, whose upgrade the migration runs.
    static let catalog = RecordKind.builtIn[0]

    let file: StateFile
    let db: Database

    init() throws {
        file = try StateFile()
        db = try Database(path: file.path)
        try Migrator().migrate(db, upTo: 2)
    }

    private func insert(_ scene: String, version: Int, _ payload: String, at time: Double = 1_700_000_000.5) throws {
        try db.execute(
            "INSERT INTO scene_state (account, scene, version, payload, updated_at) VALUES ('default', ?, ?, ?, ?)",
            [.text(scene), .int(version), .text(payload), .real(time)]
        )
    }

    private func rows() throws -> [String: (version: Int, payload: String, updatedAt: Double)] {
        var rows: [String: (Int, String, Double)] = [:]
        for row in try db.fetchAll("SELECT scene, version, payload, updated_at FROM scene_state", row: { ($0.string(0)!, $0.int(1), $0.string(2)!, $0.double(3)) }) {
            rows[row.0] = (row.1, row.2, row.3)
        }
        return rows
    }

    @Test func olderRecordsAreRewrittenAsFormat3AndEverythingElseIsLeftByteForByte() throws {
        let untouched = [
            "v3": #"{"version":3,"query":"c","selectedID":null,"showsOnlySelected":false,"viewport":null}"#,
            "broken": #"{"query": "#,
            "newer": #"{"version":9,"query":"n"}"#,
            "readThrough": #"{"version":4,"minReaderVersion":3,"query":"r","extra":1}"#,
            "spaced": #"{ "version" : 3 , "query" : "s" }"#,
        ]
        try insert("v1", version: 1, #"{"query": "dune", "selectedID": 7, "colour": "blue"}"#)
        try insert("v2", version: 2, #"{"version":2,"query":"","selectedID":null,"showsOnlySelected":true}"#)
        for (scene, payload) in untouched { try insert(scene, version: 3, payload) }

        var reports: [MigrationProgress] = []
        let applied = try StateMigrations.makeMigrator(upgrading: RecordKind.builtIn).migrate(db, upTo: 3) { reports.append($0) }

        #expect(applied.map(\.version) == [3])
        let rows = try rows()
        #expect(rows["v1"]?.version == 3)
        #expect(rows["v1"]?.payload == #"{"version":3,"query":"dune","selectedID":7,"showsOnlySelected":false,"viewport":null,"colour":"blue"}"#)
        #expect(rows["v2"]?.version == 3)
        #expect(rows["v2"]?.payload == #"{"version":3,"query":"","selectedID":null,"showsOnlySelected":true,"viewport":null}"#)
        for (scene, payload) in untouched {
            #expect(rows[scene]?.payload == payload, "\(scene)")
            #expect(rows[scene]?.version == 3, "\(scene)")
        }
        #expect(rows.values.allSatisfy { $0.updatedAt == 1_700_000_000.5 })
        let name = "0003_upgrade_catalog_records.sql"
        #expect(
            reports == [
                MigrationProgress(version: 3, name: name, recordsDone: 0, recordsTotal: nil),
                MigrationProgress(version: 3, name: name, recordsDone: 0, recordsTotal: 7),
                MigrationProgress(version: 3, name: name, recordsDone: 7, recordsTotal: 7),
            ])
        #expect(try db.fetchOne("SELECT count(*) FROM sqlite_schema WHERE name = 'scene_state_by_updated_at'") { $0.int(0) } == 1)
    }

    @Test(arguments: [1, 2, 3, 5, 1_000])
    func batchesWalkEveryRowOnceWhateverTheirSize(batchSize: Int) throws {
        for account in ["a", "b"] {
            for scene in ["x", "y", "z"] {
                try db.execute(
                    "INSERT INTO scene_state (account, scene, version, payload, updated_at) VALUES (?, ?, 1, ?, 0)",
                    [.text(account), .text(scene), .text(#"{"query":"\#(account)\#(scene)"}"#)]
                )
            }
        }
        var done: [Int] = []
        try db.writeTransaction {
            try RecordRewriter(database: db, schemaVersion: 3, kindBeforeKinds: CatalogViewState.kind).rewrite(
                kind: CatalogViewState.kind, batchSize: batchSize, progress: { done.append($0.recordsDone) }, Self.catalog.upgradedRecord)
        }
        let expected = [0] + stride(from: batchSize, to: 6, by: batchSize).map { $0 } + [6]
        #expect(done == expected)
        let payloads = try db.fetchAll("SELECT account || scene, version, payload FROM scene_state ORDER BY 1") { ($0.string(0)!, $0.int(1), $0.string(2)!) }
        #expect(payloads.count == 6)
        for (key, version, payload) in payloads {
            #expect(version == 3)
            #expect(payload == #"{"version":3,"query":"\#(key)","selectedID":null,"showsOnlySelected":false,"viewport":null}"#)
        }
    }

    @Test func emptyTableReportsNothingToDo() throws {
        var reports: [MigrationProgress] = []
        try db.writeTransaction {
            try RecordRewriter(database: db, schemaVersion: 3, kindBeforeKinds: CatalogViewState.kind).rewrite(
                kind: CatalogViewState.kind, progress: { reports.append($0) }, Self.catalog.upgradedRecord)
        }
        #expect(reports == [MigrationProgress(recordsDone: 0, recordsTotal: 0)])
    }
}
