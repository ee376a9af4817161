import StateStore
import TestSupport
import Testing

@testable import restorectl

@Suite struct ProgressLineTests {
    final class Clock: @unchecked Sendable {
        var seconds = 100.0
    }

    @Test func reportsRecordsRateAndTimeLeftFromTheFirstReportOfEachMigration() {
        let clock = Clock()
        var line = ProgressLine(now: { clock.seconds })
        let name = "0003_upgrade_catalog_records.sql"
        #expect(line.text(for: MigrationProgress(version: 3, name: name, recordsDone: 0, recordsTotal: nil)) == "migration 3 (\(name))")
        #expect(line.text(for: MigrationProgress(version: 3, name: name, recordsDone: 0, recordsTotal: 10_000)) == "migration 3 (\(name)): 0/10000 records")
        clock.seconds = 102
        #expect(line.text(for: MigrationProgress(version: 3, name: name, recordsDone: 1_000, recordsTotal: 10_000)) == "migration 3 (\(name)): 1000/10000 records, 500 records/s, 18 s left")
        clock.seconds = 110
        #expect(line.text(for: MigrationProgress(version: 3, name: name, recordsDone: 1_500, recordsTotal: 100_000)) == "migration 3 (\(name)): 1500/100000 records, 150 records/s, 10 min 57 s left")
        clock.seconds = 111
        #expect(line.text(for: MigrationProgress(version: 4, name: "0004_x.sql", recordsDone: 0, recordsTotal: 5)) == "migration 4 (0004_x.sql): 0/5 records")
    }

    @Test(arguments: [(0.2, "1 s"), (59, "59 s"), (60, "1 min 0 s"), (3_725, "1 h 2 min")])
    func durationsReadNaturally(seconds: Double, text: String) {
        #expect(ProgressLine.duration(seconds) == text)
    }

    @Test func migrateShowsProgressOnlyWhenStderrIsATerminal() throws {
        let dir = try TemporaryDirectory()
        let quiet = CapturedRun(["migrate", "--db", dir.path("quiet.sqlite")])
        #expect(quiet.exitCode == 0)
        #expect(quiet.stderr.isEmpty)
        let shown = CapturedRun(["migrate", "--db", dir.path("shown.sqlite")], errorIsTerminal: true)
        #expect(shown.exitCode == 0)
        #expect(shown.stderr.contains("migration 3 (0003_upgrade_catalog_records.sql): 0/0 records"))
        #expect(shown.stderr.hasSuffix("\n"))
    }
}
