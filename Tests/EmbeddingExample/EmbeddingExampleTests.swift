import Foundation
import ScreenKinds
import StateRestore
import StateRestoreTesting
import StateStore
import TestSupport
import Testing

/// The whole life of an app's own kind, through the public API only (no `@testable`, no SQL
/// written by the app): the proof that a newcomer needs nothing but a `Codable` struct.
@Suite struct EmbeddingExampleTests {
    let file: StateFile
    let key: SceneKey
    /// Book → page count.
    let library = [7: 300, 8: 120]

    init() throws {
        file = try StateFile()
        key = try SceneKey(scene: "reader-window")
    }

    @Test func theFirstReleaseSavesAndTheUpgradedAppRestoresWithDefaultsAndTheUpgradeApplied() throws {
        // Release 1 saves its state.
        let release1 = StateRestorer(path: file.path)
        try release1.save(ReaderStateV1(bookID: 7, pageNumber: 42), for: key)
        try release1.close()

        // Release 2 restores it: renamed field upgraded, new field defaulted, reconciled.
        let restorer = StateRestorer(path: file.path)
        let restored = restorer.restore(ReaderState.self, key, against: library)
        #expect(restored.state == ReaderState(bookID: 7, page: 42, fontSize: 1.0))
        #expect(restored.report.map(\.code) == [.recordUpgraded, .defaultsApplied])
        #expect(restored.report[1].detail == "absent fields got their defaults: fontSize")
        restorer.completeRestore(restored)

        // The next save writes format 2, and the next launch reads it as is.
        try restorer.save(ReaderState(bookID: 7, page: 43, fontSize: 1.5), for: restored.key)
        try restorer.close()
        let again = StateRestorer(path: file.path)
        defer { try? again.close() }
        let second = again.restore(ReaderState.self, key, against: library)
        #expect(second.state == ReaderState(bookID: 7, page: 43, fontSize: 1.5) && second.report.isEmpty)
    }

    @Test func reconciliationMovesAPastTheEndPageAndClearsADeletedBook() throws {
        let restorer = StateRestorer(path: file.path)
        try restorer.save(ReaderState(bookID: 8, page: 200, fontSize: 1.2), for: key)
        let moved = restorer.restore(ReaderState.self, key, against: library)
        #expect(moved.state.page == 120 && moved.adjustments.map(\.code) == [RestoreCode("page-clamped")])
        restorer.completeRestore(moved)
        let cleared = restorer.restore(ReaderState.self, key, against: [:])
        #expect(cleared.state == ReaderState(bookID: nil, page: 1, fontSize: 1.2))
        #expect(cleared.report.map(\.code) == [RestoreCode("book-missing")])
        restorer.completeRestore(cleared)
        try restorer.close()
    }

    @Test func keystrokesCoalesceIntoOneWrite() throws {
        let windows = ManualWriteScheduler()
        let writer = try CoalescingWriter(path: file.path, scheduler: windows)
        for page in 1...500 { writer.save(ReaderState(bookID: 7, page: page, fontSize: 1.0), for: key) }
        windows.fireAll()
        #expect(writer.writesCommitted == 1 && writer.pendingCount == 0)
        try writer.close()
        let restorer = StateRestorer(path: file.path)
        defer { try? restorer.close() }
        #expect(restorer.restore(ReaderState.self, key).state.page == 500)
    }

    @Test func aRestoreThatCrashedStartsFromDefaultsOnceAndKeepsTheRecordInTheQuarantine() throws {
        let setup = StateRestorer(path: file.path)
        try setup.save(ReaderState(bookID: 7, page: 10, fontSize: 1.0), for: key)
        try setup.close()
        // The app restored it and was killed while applying it: its mark is left behind.
        try LaunchGuardFile.leaveMarksOfAKilledProcess(beside: file.path, [LaunchGuardMark(account: key.account, scene: key.scene, kind: ReaderState.kind)])

        let next = StateRestorer(path: file.path)
        defer { try? next.close() }
        let restored = next.restore(ReaderState.self, key, against: library)
        #expect(restored.state == ReaderState.defaultValue && restored.reports(.restoreCrashed))
        let quarantined = try #require(try next.withStore { store, _ in try store?.quarantinedRecords().first })
        #expect(quarantined.kind == "reader" && quarantined.reason == .restoreCrashed)
    }

    @Test func aGarbageRecordIsQuarantinedAndAFutureRecordIsKept() throws {
        let store = try StateDatabase.openForWriting(file.path)
        try store.saveRecord(#"{"version":2,"page":"forty"}"#, version: 2, account: key.account, scene: key.scene, kind: "reader")
        try store.saveRecord(#"{"version":3,"page":5,"theme":"sepia"}"#, version: 3, account: key.account, scene: "future", kind: "reader")
        store.close()

        let restorer = StateRestorer(path: file.path)
        defer { try? restorer.close() }
        let garbage = restorer.restore(ReaderState.self, key, against: library)
        #expect(garbage.state == ReaderState.defaultValue && garbage.reports(.recordUnreadable))
        #expect(try restorer.withStore { store, _ in try store?.quarantinedRecords().map(\.kind) } == ["reader"])

        let futureKey = try SceneKey(scene: "future")
        let future = restorer.restore(ReaderState.self, futureKey, against: library)
        #expect(future.state == ReaderState.defaultValue && future.reports(.unsupportedVersion))
        #expect(throws: RestoreError.self) { try restorer.save(ReaderState.defaultValue, for: futureKey) }
        let kept = try #require(try restorer.withStore { store, _ in try store?.record(account: futureKey.account, scene: "future", kind: "reader") })
        #expect(String(decoding: kept.payload, as: UTF8.self) == #"{"version":3,"page":5,"theme":"sepia"}"#)
    }

    @Test func toolsClassifyTheAppsKindOnceTheyAreToldAboutIt() throws {
        let restorer = StateRestorer(path: file.path)
        try restorer.save(ReaderState(bookID: 7, page: 1, fontSize: 1.0), for: key)
        try restorer.close()
        #expect(try DatabaseCheck.run(file.path, kinds: RecordKind.builtIn).notes.count == 1)  // unknown to the library's tools
        let withReader = try DatabaseCheck.run(file.path, kinds: RecordKind.builtIn + [RecordKind(ReaderState.self)])
        #expect(withReader.isHealthy && withReader.notes.isEmpty && withReader.recordsChecked == 1)
    }
}
