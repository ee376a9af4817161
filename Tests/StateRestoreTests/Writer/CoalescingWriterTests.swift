import Foundation
import ScreenKinds
import ScreenModels
import StateRestoreTesting
import StateStore
import TestSupport
import Testing

@testable import StateRestore

@Suite struct CoalescingWriterTests {
    let file: StateFile
    let scheduler = ManualWriteScheduler()
    let main: SceneKey
    let side: SceneKey

    init() throws {
        file = try StateFile()
        main = try SceneKey(scene: "main")
        side = try SceneKey(scene: "side", account: "work")
    }

    private func makeWriter(window: Duration = .seconds(1)) throws -> CoalescingWriter {
        try CoalescingWriter(path: file.path, window: window, scheduler: scheduler)
    }

    /// What a separate connection reads back for `key`.
    private func stored(_ key: SceneKey) throws -> String? {
        let reader = try Store(readingExistingFileAt: file.path)
        defer { reader.close() }
        return try reader.record(account: key.account, scene: key.scene, kind: "catalog").map { String(decoding: $0.payload, as: UTF8.self) }
    }

    private func payload(query: String) -> String {
        CatalogRecordCodec.encode(CatalogRecord(CatalogViewState(query: query)))
    }

    @Test func savesWithinAWindowCollapseIntoOneWriteOfTheLatestState() throws {
        let writer = try makeWriter(window: .milliseconds(250))
        writer.save(CatalogViewState(query: "d"), for: main)
        #expect(scheduler.pendingDelays == [.milliseconds(250)])
        writer.save(CatalogViewState(query: "du"), for: main)
        writer.save(CatalogViewState(query: "dun"), for: main)
        writer.save(CatalogViewState(query: "x"), for: side)
        #expect(scheduler.pendingDelays == [.milliseconds(250)])
        #expect(writer.pendingCount == 2)
        #expect(writer.writesCommitted == 0)
        #expect(try stored(main) == nil)

        scheduler.fireAll()
        #expect(writer.pendingCount == 0)
        #expect(writer.writesCommitted == 1)
        #expect(try stored(main) == payload(query: "dun"))
        #expect(try stored(side) == payload(query: "x"))
        #expect(scheduler.pendingDelays.isEmpty)
    }

    @Test func aSaveAfterAWindowEndedSchedulesTheNextWindow() throws {
        let writer = try makeWriter()
        writer.save(CatalogViewState(query: "a"), for: main)
        scheduler.fireAll()
        writer.save(CatalogViewState(query: "b"), for: main)
        #expect(scheduler.pendingDelays == [.seconds(1)])
        #expect(try stored(main) == payload(query: "a"))
        scheduler.fireAll()
        #expect(writer.writesCommitted == 2)
        #expect(try stored(main) == payload(query: "b"))
    }

    /// The writer's own flush decides under the lock suspension takes: a flush that found the
    /// writer suspended (a suspension that came between the restorer's handing over and the
    /// write) throws for the saves held, never answers that nothing was left unwritten.
    @Test func aFlushOfASuspendedWriterThrowsForTheSavesItHolds() throws {
        let writer = try makeWriter()
        try writer.suspendWriting()
        writer.save(CatalogViewState(query: "held"), for: main)
        #expect(throws: RestoreError.savesNotWritten("the app is suspended (its connections are closed until resume(), which writes the saves)", scenes: [main])) {
            try writer.flush()
        }
        #expect(writer.pendingCount == 1)
        #expect(try stored(main) == nil)
        // Suspending again holds them without a word: suspension is what holds them.
        try writer.suspendWriting()
        writer.resumeWriting()
        #expect(try writer.flush().isEmpty)
        #expect(try stored(main) == payload(query: "held"))
    }

    @Test func flushWritesEverythingPendingInOneTransactionBeforeItReturns() throws {
        let writer = try makeWriter()
        for index in 0..<50 {
            writer.save(CatalogViewState(query: "q\(index)"), for: try SceneKey(scene: "s\(index % 10)"))
        }
        #expect(try writer.flush().isEmpty)
        #expect(writer.writesCommitted == 1)
        #expect(writer.pendingCount == 0)
        for scene in 0..<10 {
            #expect(try stored(try SceneKey(scene: "s\(scene)")) == payload(query: "q\(40 + scene)"))
        }
        // The window scheduled by the first save finds nothing left and writes nothing.
        scheduler.fireAll()
        #expect(writer.writesCommitted == 1)
        #expect(try writer.flush().isEmpty)
        #expect(writer.writesCommitted == 1)
    }

    @Test func unknownFieldsCarriedBySaveAreWritten() throws {
        let writer = try makeWriter()
        writer.save(CatalogViewState(query: "q"), for: main, carrying: ["colour": .string("blue")])
        try writer.flush()
        #expect(try stored(main) == #"{"version":3,"query":"q","selectedID":null,"showsOnlySelected":false,"viewport":null,"colour":"blue"}"#)
    }

    @Test func aNewerFormatRecordIsNeverReplacedAndIsReportedByFlush() throws {
        let newer = #"{"version":9,"query":"from the future"}"#
        do {
            let store = try Store(path: file.path, migrator: StateMigrations.makeMigrator())
            try store.saveRecord(newer, version: 9, account: main.account, scene: main.scene, kind: "catalog")
            store.close()
        }
        let writer = try makeWriter()
        writer.save(CatalogViewState(query: "old build"), for: main)
        writer.save(CatalogViewState(query: "fine"), for: side)
        #expect(try writer.flush() == [main])
        #expect(try stored(main) == newer)
        #expect(try stored(side) == payload(query: "fine"))
    }

    @Test func aFailedWriteKeepsTheStatesPendingAndFlushRetriesThem() throws {
        // Another connection holds the write lock past a zero busy timeout.
        var configuration = DatabaseConfiguration()
        configuration.busyTimeoutMilliseconds = 0
        let blocker = try Store(path: file.path, configuration: configuration, migrator: StateMigrations.makeMigrator())
        try blocker.database.execute("BEGIN IMMEDIATE")
        let impatient = try CoalescingWriter(path: file.path, configuration: configuration, scheduler: scheduler)
        impatient.save(CatalogViewState(query: "kept"), for: main)
        scheduler.fireAll()
        #expect(impatient.writesCommitted == 0)
        #expect(impatient.pendingCount == 1)
        #expect(impatient.lastWriteError != nil)
        #expect(scheduler.pendingDelays == [.seconds(1)])  // retried one window later
        #expect(try #require(throws: StoreError.self) { try impatient.flush() }.isSQLiteFailure)
        try blocker.database.execute("COMMIT")
        try impatient.flush()
        #expect(impatient.writesCommitted == 1)
        #expect(impatient.lastWriteError == nil)
        #expect(try stored(main) == payload(query: "kept"))
    }

    @Test func closeFlushesAndLaterSavesAreNotWritten() throws {
        let writer = try makeWriter()
        writer.save(CatalogViewState(query: "last"), for: main)
        try writer.close()
        #expect(try stored(main) == payload(query: "last"))
        writer.save(CatalogViewState(query: "too late"), for: main)
        #expect(throws: RestoreError.self) { try writer.flush() }
        #expect(try stored(main) == payload(query: "last"))
    }

    @Test func savesFromManyThreadsAllReachTheDatabase() async throws {
        let writer = try makeWriter()
        let keys = try (0..<8).map { try SceneKey(scene: "s\($0)") }
        await withTaskGroup(of: Void.self) { group in
            for (thread, key) in keys.enumerated() {
                group.addTask {
                    for change in 0..<100 {
                        writer.save(CatalogViewState(query: "\(thread)-\(change)"), for: key)
                    }
                }
            }
        }
        try writer.flush()
        for (thread, key) in keys.enumerated() {
            #expect(try stored(key) == payload(query: "\(thread)-99"))
        }
    }
}
