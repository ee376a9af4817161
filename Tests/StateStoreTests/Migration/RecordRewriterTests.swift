import Foundation
import TestSupport
import Testing

@testable import StateStore

/// A data step's rewrite over a schema with kinds: one `UPDATE` per batch calling the
/// transform as an SQL function.
@Suite struct RecordRewriterTests {
    let stateFile: StateFile
    let db: Database

    init() throws {
        stateFile = try StateFile()
        db = try Database(path: stateFile.path)
        try Migrator.withNoOpDataSteps().migrate(db)
    }

    /// Three accounts of three scenes, each scene holding a catalog and a notes record whose
    /// payload names it, saved at a time of its own.
    private func insertRecords() throws {
        var time = 1_700_000_000.25
        for account in ["a", "b", "c"] {
            for scene in ["x", "y", "z"] {
                for kind in ["catalog", "notes"] {
                    try db.execute(
                        "INSERT INTO scene_state (account, scene, kind, version, payload, updated_at) VALUES (?, ?, ?, 1, ?, ?)",
                        [.text(account), .text(scene), .text(kind), .text("\(kind) \(account)\(scene)"), .real(time)]
                    )
                    time += 1
                }
            }
        }
    }

    private func rows() throws -> [String] {
        try db.fetchAll("SELECT account, scene, kind, version, min_reader_version, payload, updated_at FROM scene_state ORDER BY 1, 2, 3") {
            "\($0.string(0)!) \($0.string(1)!) \($0.string(2)!) v\($0.int(3)) m\($0.isNull(4) ? "-" : String($0.int(4))) \($0.string(5)!) \($0.double(6))"
        }
    }

    @Test(arguments: [1, 2, 4, 9, 1_000])
    func rewritesEveryRecordOfItsKindOnceAndLeavesTheOthersAsTheyWere(batchSize: Int) throws {
        try insertRecords()
        let before = try rows()
        var seen: [String] = []
        var reports: [MigrationProgress] = []
        try db.writeTransaction {
            try RecordRewriter(database: db, schemaVersion: 5).rewrite(kind: "notes", batchSize: batchSize, progress: { reports.append($0) }) { bytes in
                let payload = String(decoding: bytes, as: UTF8.self)
                seen.append(payload)
                // Every other record stays as it is.
                return payload.hasSuffix("y") ? nil : RecordRewrite(version: 2, minReaderVersion: 1, payload: payload.uppercased())
            }
        }
        let scenes = ["ax", "ay", "az", "bx", "by", "bz", "cx", "cy", "cz"]
        #expect(seen == scenes.map { "notes \($0)" })
        let expected = before.map { row in
            guard row.contains(" notes "), !row.contains("notes ay"), !row.contains("notes by"), !row.contains("notes cy") else { return row }
            let parts = row.split(separator: " ").map(String.init)
            return "\(parts[0]) \(parts[1]) notes v2 m1 NOTES \(parts[6].uppercased()) \(parts[7])"
        }
        #expect(try rows() == expected)
        let done = Array(stride(from: batchSize, to: scenes.count, by: batchSize)) + [scenes.count]
        #expect(reports == [MigrationProgress(recordsDone: 0, recordsTotal: 9)] + done.map { MigrationProgress(recordsDone: $0, recordsTotal: 9) })
    }

    @Test func recordsWithTheSameBytesInARowAreTransformedOnce() throws {
        for scene in ["p", "q", "r"] {
            try db.execute(
                "INSERT INTO scene_state (account, scene, kind, version, payload, updated_at) VALUES ('a', ?, 'notes', 1, 'same', 0)", [.text(scene)])
        }
        var calls = 0
        try db.writeTransaction {
            try RecordRewriter(database: db, schemaVersion: 5).rewrite(kind: "notes", progress: { _ in }) { _ in
                calls += 1
                return RecordRewrite(version: 2, payload: "changed")
            }
        }
        #expect(calls == 1)
        #expect(try db.fetchAll("SELECT payload || version FROM scene_state ORDER BY scene") { $0.string(0) } == ["changed2", "changed2", "changed2"])
    }

    @Test func aTransformsErrorIsThrownAsItWasAndItsBatchIsLeftAsItWas() throws {
        struct Refused: Error, Equatable { let payload: String }
        try insertRecords()
        let before = try rows()
        #expect(throws: Refused(payload: "catalog bx")) {
            try db.writeTransaction {
                try RecordRewriter(database: db, schemaVersion: 5).rewrite(kind: "catalog", batchSize: 2, progress: { _ in }) { bytes in
                    let payload = String(decoding: bytes, as: UTF8.self)
                    if payload == "catalog bx" { throw Refused(payload: payload) }
                    return RecordRewrite(version: 2, payload: payload.uppercased())
                }
            }
        }
        #expect(try rows() == before)
        // The function is gone with the rewrite: no statement of the connection can call it.
        #expect(try #require(throws: StoreError.self) { try db.execute("SELECT \(RecordRewriteFunction.name)(0, 'x')") }.isSQLiteFailure)
    }
}
