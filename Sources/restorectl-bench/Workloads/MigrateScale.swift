import Foundation
import JSON
import ScreenKinds
import StateRestore
import StateStore

/// `migrate-scale`: databases of N format-1 records at schema version 2 migrated to the current
/// schema and format (`StateMigrations.makeMigrator(upgrading: RecordKind.builtIn).migrate`, backup included). Each size is
/// built in one child process and migrated in another, so each reports its own peak memory.
enum MigrateScale {
    static let memoryLimitMiB = 64.0
    /// The rate the issue sets for a migration whose upgrade rewrites every record.
    static let recordsPerSecondTarget = 100_000.0

    static func run(_ mode: BenchMode) throws -> WorkloadReport {
        let scratch = try Scratch("migrate")
        var sizes: [JSONValue] = []
        var seconds: [Int: Double] = [:]
        var peaks: [Int: Double] = [:]
        for count in mode.migrateSizes {
            let path = scratch.path("state-\(count).sqlite")
            _ = try ChildProcess.run(["__populate", path, String(count)])
            let output = try ChildProcess.run(["__migrate", path, String(count)])
            guard case .object(let result) = try JSONValue.parse(output),
                case .double(let time)? = result["seconds"], case .double(let peak)? = result["peak_rss_mib"]
            else { throw RawConnection.Failure(description: "bad child output: \(output)") }
            seconds[count] = time
            peaks[count] = peak
            sizes.append(
                .object([
                    "records": .integer(Int64(count)), "seconds": .double(time), "peak_rss_mib": .double(peak),
                    "records_per_s": .double(Double(count) / time),
                ]))
            scratch.removeDatabase("state-\(count).sqlite")
            try? FileManager.default.removeItem(atPath: path + ".backup-v2")
        }
        let largest = mode.migrateSizes.max() ?? 0
        let previous = mode.migrateSizes.filter { $0 < largest }.max() ?? largest
        let growth = (seconds[largest] ?? 0) / max(seconds[previous] ?? 1, 1e-9)
        let sizeRatio = Double(largest) / Double(previous)
        var engine = Samples()
        engine.append(.milliseconds(Int64((seconds[largest] ?? 0) * 1_000)))
        var report = WorkloadReport(name: "migrate-scale", unit: "migration of \(largest) records", engine: engine)
        report.peakResidentMiB = peaks.values.max() ?? 0
        report.extra = [
            "sizes": .array(sizes),
            "time_growth": .double(growth),
            "time_growth_of": .string("\(largest) vs \(previous) records (\(Int(sizeRatio))x the records)"),
        ]
        report.targets = [
            .init(description: "time grows linearly: \(largest) records within \(Int(sizeRatio * 1.2))x of \(previous) (got \(String(format: "%.2f", growth))x)", isMet: growth <= sizeRatio * 1.2),
            .init(description: "peak memory under \(Int(memoryLimitMiB)) MiB at every size", isMet: peaks.values.allSatisfy { $0 < memoryLimitMiB }),
        ]
        let rate = Double(largest) / max(seconds[largest] ?? 0, 1e-9)
        report.targets.append(
            .init(
                description: "at least \(Int(recordsPerSecondTarget)) records a second with the built-in kinds' upgrades (got \(Int(rate)) for \(largest))",
                isMet: rate >= recordsPerSecondTarget))
        return report
    }

    /// Child: a schema-version-2 database holding `count` format-1 records over ten accounts.
    static func populate(path: String, count: Int) throws {
        let db = try Database(path: path)
        try Migrator().migrate(db, upTo: 2)
        try db.writeTransaction {
            let insert = try db.makeStatement("INSERT INTO scene_state (account, scene, version, payload, updated_at) VALUES (?, ?, 1, ?, ?)")
            for index in 0..<count {
                let payload = #"{"query":"q\#(index % 1_000)","selectedID":\#(index),"note":"kept"}"#
                try insert.bind([.text("account-\(index % 10)"), .text("scene-\(index)"), .text(payload), .real(1_700_000_000 + Double(index))])
                try insert.step()
            }
        }
        db.close()
    }

    /// Child: migrates the database and prints its time and peak memory as JSON.
    static func migrate(path: String, count: Int) throws {
        let start = ContinuousClock.now
        let db = try Database(path: path)
        try StateMigrations.makeMigrator(upgrading: RecordKind.builtIn).migrate(db)
        let elapsed = ContinuousClock.now - start
        let upgraded = try db.fetchOne("SELECT count(*) FROM scene_state WHERE version = 3") { $0.int(0) } ?? 0
        guard upgraded == count else { throw RawConnection.Failure(description: "\(upgraded) of \(count) records upgraded") }
        db.close()
        let seconds = elapsed.inSeconds
        print(JSONValue.object(["seconds": .double(seconds), "peak_rss_mib": .double(peakResidentMiB())]).encoded())
    }
}
