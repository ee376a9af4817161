import Foundation
import ScreenKinds
import StateRestore
import StateRestoreTesting
import Testing

/// The whole life of an app's own kind, through the public API only (no `@testable`, no SQL
/// written by the app): the proof that a newcomer needs nothing but a `Codable` struct.
@Suite struct EmbeddingExampleTests {
    let file: TemporaryStateFile
    let key: SceneKey
    /// Book → page count.
    let library = [7: 300, 8: 120]

    init() throws {
        file = try TemporaryStateFile()
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

    @MainActor
    @Test func keystrokesCoalesceIntoOneWrite() throws {
        let windows = ManualWriteScheduler()
        let turns = ManualTurnScheduler()
        let restorer = StateRestorer(path: file.path, scheduler: windows)
        let restored = restorer.restore(ReaderState.self, key, against: library)
        let reader = ReaderModel(restored.state)
        let tracking = restorer.persist(from: restored, turns: turns) {
            ReaderState(bookID: reader.bookID, page: reader.page, fontSize: reader.fontSize)
        }
        for page in 2...500 {
            reader.page = page
            #expect(turns.runPendingTurns() >= 1)  // the re-read of the change (and, first, the completion)
        }
        #expect(restorer.pendingSaves == [key] && windows.pendingDelays.count == 1)
        windows.fireAll()
        #expect(restorer.pendingSaves.isEmpty && restorer.statistics[kind: "reader"][.written].count == 1)
        withExtendedLifetime(tracking) {}
        try restorer.close()
        let next = StateRestorer(path: file.path)
        defer { try? next.close() }
        #expect(next.restore(ReaderState.self, key).state.page == 500)
    }

    @Test func aRestoreThatCrashedStartsFromDefaultsOnceAndKeepsTheRecordInTheQuarantine() throws {
        let setup = StateRestorer(path: file.path)
        try setup.save(ReaderState(bookID: 7, page: 10, fontSize: 1.0), for: key)
        try setup.close()
        // The app restored it and was killed while applying it: its mark is left behind.
        try file.leaveMarksOfAKilledLaunch(restoring: ReaderState.self, [key])

        let next = StateRestorer(path: file.path)
        let restored = next.restore(ReaderState.self, key, against: library)
        #expect(restored.state == ReaderState.defaultValue && restored.reports(.restoreCrashed))
        next.completeRestore(restored)
        try next.close()
        // Once: the launch after starts from defaults for want of a record (it is in the
        // quarantine, not in its place), and no crash is reported again.
        let after = StateRestorer(path: file.path)
        defer { try? after.close() }
        let again = after.restore(ReaderState.self, key, against: library)
        #expect(again.state == ReaderState.defaultValue && again.report.map(\.code) == [.noRecord], "\(again.report)")
    }

    @Test func aGarbageRecordIsQuarantinedAndAFutureRecordIsKept() throws {
        // A release that retyped `page` without a version bump wrote one record; release 3
        // (format 3, newer than this build reads) wrote another.
        let buggy = StateRestorer(path: file.path)
        try buggy.save(ReaderStateRetyped(bookID: nil, page: "forty", fontSize: 1.0), for: key)
        try buggy.close()
        let futureKey = try SceneKey(scene: "future")
        let release3 = StateRestorer(path: file.path)
        try release3.save(ReaderStateV3(bookID: 7, page: "v", fontSize: 1.0), for: futureKey)
        try release3.close()

        let restorer = StateRestorer(path: file.path)
        let garbage = restorer.restore(ReaderState.self, key, against: library)
        #expect(garbage.state == ReaderState.defaultValue && garbage.reports(.recordUnreadable))
        #expect(garbage.report.first?.detail.contains("moved to the quarantine") == true, "\(garbage.report)")

        let future = restorer.restore(ReaderState.self, futureKey, against: library)
        #expect(future.state == ReaderState.defaultValue && future.reports(.unsupportedVersion))
        #expect(throws: RestoreError.self) { try restorer.save(ReaderState.defaultValue, for: futureKey) }
        try restorer.close()
        // The newer record is kept for the release that wrote it.
        let later = StateRestorer(path: file.path)
        defer { try? later.close() }
        #expect(later.restore(ReaderStateV3.self, futureKey).state == ReaderStateV3(bookID: 7, page: "v", fontSize: 1.0))
    }
}
