import Foundation
import ScreenKinds
import ScreenModels
import StateRestore
import StateRestoreTesting
import StateStore
import TestSupport
import Testing

extension PowerLossSuite {
    /// The power-cut VFS itself, and what each durability promises on it: a `.powerSafe` commit
    /// has reached the disk when it returns, a `.crashSafe` one once the log is synced.
    ///
    /// In `PowerLossSuite` with `PowerCutTests`: the cache is global. Every test leaves the power
    /// on and the cache empty.
    @Suite struct PowerCutVFSTests {
        let dir: TemporaryDirectory

        init() throws {
            dir = try TemporaryDirectory()
        }

        /// Saves `count` records through the VFS, cuts the power and returns the scenes that
        /// survived, read with the ordinary VFS.
        private func scenesSurviving(
            _ count: Int, durability: DatabaseConfiguration.Durability, mode: PowerCutVFS.CutMode = .discard,
            checkpointAfter checkpoint: Int? = nil, seed: UInt64 = 1
        ) throws -> [String] {
            let path = dir.path("\(durability)-\(mode)-\(count)-\(checkpoint ?? 0)-\(seed).sqlite")
            try Store(path: path, migrator: StateMigrations.makeMigrator()).close()
            PowerCutVFS.arm(at: 0, mode: mode, seed: seed)
            let store = try Store(path: path, configuration: PowerCutVFS.configuration(durability), migrator: StateMigrations.makeMigrator())
            for index in 1...count {
                try store.saveRecord(#"{"query":"\#(index)"}"#, version: 3, account: "default", scene: "s\(index)", kind: "catalog")
                if index == checkpoint { try store.checkpoint() }
            }
            if durability == .powerSafe { #expect(PowerCutVFS.unsyncedBytes == 0, "a power-safe commit left unsynced writes") }
            PowerCutVFS.cutNow(mode: mode, seed: seed)
            store.close()
            PowerCutVFS.restore()
            let reader = try Store(path: path, migrator: StateMigrations.makeMigrator())
            defer { reader.close() }
            #expect(try reader.integrityProblems().isEmpty)
            var scenes: [String] = []
            try reader.forEachRecord { scenes.append($0.scene) }
            return scenes.sorted { $0.count == $1.count ? $0 < $1 : $0.count < $1.count }
        }

        @Test func powerSafeCommitsSurviveACutThatDiscardsEveryUnsyncedWrite() throws {
            #expect(try scenesSurviving(5, durability: .powerSafe) == ["s1", "s2", "s3", "s4", "s5"])
        }

        @Test func crashSafeCommitsAfterTheLastLogSyncAreLostToACutAndTheFileStaysIntact() throws {
            #expect(try scenesSurviving(5, durability: .crashSafe) == [])
            #expect(try scenesSurviving(5, durability: .crashSafe, checkpointAfter: 3) == ["s1", "s2", "s3"])
        }

        @Test(arguments: 1...8)
        func tornCutKeepsAPrefixOfTheCommits(seed: UInt64) throws {
            let scenes = try scenesSurviving(8, durability: .crashSafe, mode: .tear, seed: seed)
            #expect(scenes == (0..<scenes.count).map { "s\($0 + 1)" })
        }

        @Test func powerSafeSyncsTheLogAtEveryCommitAndCrashSafeNever() throws {
            for durability in DatabaseConfiguration.Durability.allCases {
                let path = dir.path("syncs-\(durability).sqlite")
                let restorer = StateRestorer(path: path, configuration: PowerCutVFS.configuration(durability))
                let writer = try CoalescingWriter(path: path, configuration: PowerCutVFS.configuration(durability), scheduler: ManualWriteScheduler())
                PowerCutVFS.arm(at: 0, mode: .discard, seed: 0)
                let key = try SceneKey(scene: "main")
                for index in 0..<10 {
                    try restorer.save(CatalogViewState(query: "q\(index)"), for: key)
                    writer.save(CatalogViewState(query: "q\(index)"), for: key)
                    try writer.flush()
                }
                #expect(PowerCutVFS.logSyncs == (durability == .powerSafe ? 20 : 0), "\(durability)")
                try restorer.close()
                try writer.close()
                PowerCutVFS.cutNow(mode: .discard, seed: 0)
                PowerCutVFS.restore()
            }
        }

        /// The launch's crash-loop mark is the first write into the log a clean close left empty:
        /// in `.crashSafe` it syncs nothing (SQLite would sync the new log's header), and a cut
        /// right after it leaves the file whole, as the last close left it, mark or no mark.
        @Test(arguments: [PowerCutVFS.CutMode.discard, .tear])
        func theLaunchMarkSyncsNothingInAFreshLogAndACutAfterItLeavesTheFileWhole(mode: PowerCutVFS.CutMode) throws {
            let path = dir.path("mark-\(mode).sqlite")
            let setup = try Store(path: path, migrator: StateMigrations.makeMigrator())
            try setup.saveRecord(#"{"query":"kept"}"#, version: 3, account: "default", scene: "kept", kind: "catalog")
            setup.close()
            for durability in DatabaseConfiguration.Durability.allCases {
                PowerCutVFS.arm(at: 0, mode: mode, seed: 3)
                let store = try Store(path: path, configuration: PowerCutVFS.configuration(durability), migrator: StateMigrations.makeMigrator())
                let syncsBefore = PowerCutVFS.databaseSyncs
                try store.setRestoreMark(account: "default", scene: "kept", kind: "catalog")
                let markSyncs = PowerCutVFS.databaseSyncs - syncsBefore
                #expect(durability == .powerSafe ? markSyncs > 0 : markSyncs == 0, "\(durability): \(markSyncs) syncs")
                // The connection is back at its durability for every later write.
                #expect(try store.database.fetchOne("PRAGMA synchronous") { $0.int(0) } == (durability == .powerSafe ? 2 : 1))
                #expect(try store.database.fetchOne("PRAGMA wal_autocheckpoint") { $0.int(0) } == 1_000)
                PowerCutVFS.cutNow(mode: mode, seed: 3)
                store.close()
                PowerCutVFS.restore()

                let reader = try Store(path: path, migrator: StateMigrations.makeMigrator())
                #expect(try reader.integrityProblems().isEmpty, "\(durability)")
                #expect(try reader.record(account: "default", scene: "kept", kind: "catalog") != nil, "\(durability)")
                let marks = try reader.restoreMarks().count
                #expect(durability == .powerSafe ? marks == 1 : marks <= 1, "\(durability): \(marks) marks")
                try reader.clearRestoreMark(account: "default", scene: "kept", kind: "catalog")
                reader.close()
            }
        }

        /// When another connection has written to the log (and checkpointed it without
        /// truncating it), the mark restarts a log that holds old frames: that restart must keep
        /// SQLite's header sync, so the mark goes the ordinary way, also when the other write
        /// lands after the mark first found the log empty.
        @Test(arguments: [false, true])
        func aMarkIntoALogAnotherConnectionWroteKeepsTheHeaderSync(writesAfterTheFirstLook: Bool) throws {
            let path = dir.path("mark-after-other.sqlite")
            let setup = try Store(path: path, migrator: StateMigrations.makeMigrator())
            try setup.saveRecord(#"{"query":"kept"}"#, version: 3, account: "default", scene: "kept", kind: "catalog")
            setup.close()
            PowerCutVFS.arm(at: 0, mode: .discard, seed: 0)
            let store = try Store(path: path, configuration: PowerCutVFS.configuration(.crashSafe), migrator: StateMigrations.makeMigrator())
            let other = try Store(path: path, configuration: PowerCutVFS.configuration(.crashSafe), migrator: StateMigrations.makeMigrator())
            let writeAndCheckpoint = {
                try other.saveRecord(#"{"query":"other"}"#, version: 3, account: "default", scene: "other", kind: "catalog")
                try other.database.executeScript("PRAGMA wal_checkpoint(PASSIVE)")
            }
            let logSyncs = Locked(0)
            if writesAfterTheFirstLook {
                let otherWrite = UncheckedSendable(writeAndCheckpoint)
                Database.crashDurableWriteHook.withLock {
                    // Only for this test's file: other suites may mark their own meanwhile.
                    $0 = { hookPath in
                        guard hookPath == path else { return }
                        try? otherWrite.value()
                        logSyncs.withLock { $0 = PowerCutVFS.logSyncs }
                    }
                }
            } else {
                try writeAndCheckpoint()
                logSyncs.withLock { $0 = PowerCutVFS.logSyncs }
            }
            defer { Database.crashDurableWriteHook.withLock { $0 = nil } }
            try store.setRestoreMark(account: "default", scene: "kept", kind: "catalog")
            let syncsBefore = logSyncs.withLock { $0 }
            #expect(syncsBefore > 0, "the other connection's checkpoint did not run")
            #expect(PowerCutVFS.logSyncs > syncsBefore, "the restarted log's header was not synced")
            #expect(try store.database.fetchOne("PRAGMA synchronous") { $0.int(0) } == 1)
            #expect(try store.restoreMarks().count == 1)
            other.close()
            store.close()
            PowerCutVFS.cutNow(mode: .discard, seed: 0)
            PowerCutVFS.restore()
        }

        @Test func connectionOpenedBeforeACutKeepsFailingAndANewOneWorks() throws {
            let path = dir.path("dead.sqlite")
            PowerCutVFS.arm(at: 0, mode: .discard, seed: 0)
            let store = try Store(path: path, configuration: PowerCutVFS.configuration(.powerSafe), migrator: StateMigrations.makeMigrator())
            try store.saveRecord(#"{"query":"kept"}"#, version: 3, account: "default", scene: "kept", kind: "catalog")
            PowerCutVFS.cutNow(mode: .tear, seed: 7)
            #expect(try #require(throws: StoreError.self) { try store.saveRecord("{}", version: 3, account: "default", scene: "lost", kind: "catalog") }.isSQLiteFailure)
            #expect(throws: (any Error).self) { try Store(path: path, configuration: PowerCutVFS.configuration(.powerSafe), migrator: StateMigrations.makeMigrator()) }
            PowerCutVFS.restore()
            #expect(try #require(throws: StoreError.self) { try store.record(account: "default", scene: "kept", kind: "catalog") }.isSQLiteFailure)
            store.close()
            let reopened = try Store(path: path, configuration: PowerCutVFS.configuration(.powerSafe), migrator: StateMigrations.makeMigrator())
            #expect(try reopened.record(account: "default", scene: "kept", kind: "catalog") != nil)
            #expect(try reopened.record(account: "default", scene: "lost", kind: "catalog") == nil)
            reopened.close()
            PowerCutVFS.cutNow(mode: .discard, seed: 0)
            PowerCutVFS.restore()
        }
    }
}
