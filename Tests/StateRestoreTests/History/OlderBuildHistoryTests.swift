import Foundation
import StateRestoreTesting
import StateStore
import TestSupport
import Testing

@testable import StateRestore

/// Migration 5 is one a release of schema 4 keeps reading and writing: that release stamps
/// nothing and keeps no history; a stamp counts only while its record has the time it stamped
/// (so it never names a build that did not write the record), and the migration's triggers take
/// the history with its record, except to the quarantine.
@Suite struct OlderBuildHistoryTests {
    let file: StateFile
    let key: SceneKey
    let clock = ManualClock()

    init() throws {
        file = try StateFile()
        key = try SceneKey(scene: "desk", account: "alice")
    }

    /// A file of this build with a stamped record that has history.
    private func seed() throws {
        let restorer = StateRestorer(path: file.path, configuration: clock.configuration(build: "5.0"))
        defer { try? restorer.close() }
        for entry in ["first", "second"] {
            clock.advance(by: 1)
            try restorer.save(JournalState(entry: entry), for: key)
        }
    }

    private func olderBuild() throws -> StateRestorer {
        StateRestorer(path: file.path, configuration: try SchemaBuild.schema4.configuration(clock.configuration(build: "4.9")))
    }

    @Test func anOlderBuildsSaveOverAStampedRecordLeavesNoStampAndKeepsTheHistory() throws {
        try seed()
        let older = try olderBuild()
        clock.advance(by: 1)  // a save of its own time (one at the very same time would keep the stamp counting)
        try older.save(JournalState(entry: "older"), for: key)
        try older.close()
        #expect(try file.reading { $0.schemaVersion } == 5)
        #expect(try file.reading { try $0.recordBuild(account: "alice", scene: "desk", kind: "journal") } == nil)
        #expect(try file.reading { try $0.historyLines(key, kind: "journal") } == [#"{"version":1,"entry":"first"}@5.0"#])
        #expect(try file.reading { try $0.record(account: "alice", scene: "desk", kind: "journal")?.payload } == Data(#"{"version":1,"entry":"older"}"#.utf8))
    }

    @Test func anOlderBuildsDiscardAndSignOutTakeTheHistoryAndTheStamps() throws {
        try seed()
        let bob = try SceneKey(scene: "desk", account: "bob")
        let restorer = StateRestorer(path: file.path, configuration: clock.configuration(build: "5.0"))
        try restorer.save(JournalState(entry: "b1"), for: bob)
        try restorer.save(JournalState(entry: "b2"), for: bob)
        try restorer.close()
        let older = try olderBuild()
        defer { try? older.close() }
        try older.discard([key])
        #expect(try file.reading { try $0.historyLines(key, kind: "journal") } == [])
        #expect(try file.reading { try $0.historyRowCount() } == 1)
        try older.signOut(account: "bob")
        #expect(try file.reading { try $0.historyRowCount() } == 0)
        #expect(try file.reading { try $0.database.fetchOne("SELECT count(*) FROM record_build") { $0.int(0) } } == 0)
        #expect(try file.reading { try $0.database.fetchOne("PRAGMA foreign_key_check") { $0.string(0) } } == nil)
    }

    @Test func anOlderBuildsQuarantineKeepsTheHistoryForARollback() throws {
        try seed()
        let older = try SchemaBuild.schema4.configuration()
        let store = try Store(path: file.path, configuration: older, migrator: Migrator(migrations: older.migrations ?? []))
        defer { store.close() }
        _ = try store.quarantineRecord(account: "alice", scene: "desk", kind: "journal", reason: .unreadable, error: "a newer build's record")
        #expect(try store.record(account: "alice", scene: "desk", kind: "journal") == nil)
        #expect(try file.reading { try $0.historyLines(key, kind: "journal") } == [#"{"version":1,"entry":"first"}@5.0"#])
    }
}
