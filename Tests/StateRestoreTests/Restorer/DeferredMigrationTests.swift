import Dispatch
import Foundation
import ScreenKinds
import ScreenModels
import StateRestoreTesting
import StateStore
import TestSupport
import Testing

@testable import StateRestore

/// A launch never runs a long migration: a file over `launchMigrationLimitBytes` that needs one
/// is migrated once in the background while restores answer `database-needs-migration` with
/// defaults, saves wait, and the first restore after it returns the stored state. A small file
/// is migrated on the launch path as before. The database is a real older-schema file made by
/// `restorectl-stress make-large`.
@MainActor
@Suite(.serialized) struct DeferredMigrationTests {
    let file: StateFile
    let document = CatalogDocument(books: [])

    init() throws { file = try StateFile() }

    /// A schema-3 file of `records` version-1 catalog records (scenes `s0`, `s1`, …).
    private func makeOlderDatabase(records: Int) throws {
        let maker = try ChildProcess(stress: ["make-large", "--db", file.path, "--records", String(records), "--upTo", "3"])
        try maker.readLines(until: "made \(records)")
        #expect(maker.waitForExit().isSuccess, "\(maker.errorOutput())")
    }

    private func schemaVersion() throws -> Int {
        try StateDatabase.schemaStatus(file.path).schemaVersion
    }

    @Test func aFileTooLargeToMigrateAtLaunchIsMigratedInTheBackgroundAndThenRestored() throws {
        try makeOlderDatabase(records: 5_000)
        var configuration = DatabaseConfiguration()
        configuration.launchMigrationLimitBytes = 64 * 1024
        // The migration is held until the launch has been looked at (no race with its speed).
        let gate = DispatchSemaphore(value: 0)
        let held = file.path
        DeferredMigration.startHook.withLock { $0 = { if $0 == held { gate.wait() } } }
        defer {
            DeferredMigration.startHook.withLock { $0 = nil }
            gate.signal()  // never leave the migration waiting, whatever failed
        }
        let restorer = StateRestorer(path: file.path, configuration: configuration, scheduler: ManualWriteScheduler())
        defer { try? restorer.close() }
        let key = try SceneKey(scene: "s7")

        let first = restorer.restore(CatalogViewState.self, key, against: document)
        #expect(first.report.map(\.code) == [.databaseNeedsMigration], "\(first.report)")
        #expect(first.state == CatalogViewState())
        // While it runs (or until a restore has read the file), a persisted change of the
        // scene waits and never replaces the record the launch did not see.
        var state = first.state
        let tracking = restorer.persist(from: first, turns: ManualTurnScheduler()) { state }
        state.query = "typed during the migration"
        tracking.saveCurrentState()
        #expect(throws: RestoreError.self) { try restorer.flush() }  // the saves wait for the migration
        #expect(restorer.restore(CatalogViewState.self, key, against: document).reports(.databaseNeedsMigration))
        #expect(try schemaVersion() == 3)

        gate.signal()
        restorer.waitForDeferredMigration()
        #expect(try schemaVersion() == StateDatabase.latestSchemaVersion)
        #expect(try restorer.flush() == [key], "the record the launch did not see is kept")
        #expect(restorer.unwrittenSaves.map(\.reason) == [.storedRecordNotSeen])
        let after = restorer.restore(CatalogViewState.self, key, against: document)
        #expect(after.state.query == "q7", "\(after.report)")
        #expect(!after.reports(.databaseNeedsMigration))
        // Once restored from the migrated file, the scene saves as usual.
        state = after.state
        state.query = "after the migration"
        tracking.saveCurrentState()
        #expect(try restorer.flush().isEmpty)
        withExtendedLifetime(tracking) {}
        let next = StateRestorer(path: file.path)
        defer { try? next.close() }
        #expect(next.restore(CatalogViewState.self, key, against: document).state.query == "after the migration")
        #expect(try FileManager.default.contentsOfDirectory(atPath: file.folder.url.path).contains("state.sqlite.backup-v3"), "the migration backed the file up first")
    }

    @Test func aSmallFileIsMigratedOnTheLaunchPath() throws {
        try makeOlderDatabase(records: 3)
        let restorer = StateRestorer(path: file.path)
        defer { try? restorer.close() }
        let restored = restorer.restore(CatalogViewState.self, try SceneKey(scene: "s1"), against: document)
        #expect(restored.state.query == "q1" && !restored.reports(.databaseNeedsMigration), "\(restored.report)")
        #expect(try schemaVersion() == StateDatabase.latestSchemaVersion)
    }

    /// A kill during the background migration (here: of a child running the migration the
    /// way a launch's background queue does) loses nothing: the next launch defers again, and
    /// the migration it starts completes with every record.
    @Test func aMigrationKilledMidWayIsResumedByTheNextLaunch() throws {
        try makeOlderDatabase(records: 20_000)
        let migrating = try ChildProcess(stress: ["migrate", "--db", file.path])
        try migrating.readLines(until: "ready")
        _ = migrating.nextLine()  // the first progress line: the migration has begun
        migrating.kill()
        migrating.waitForExit()

        var configuration = DatabaseConfiguration()
        configuration.launchMigrationLimitBytes = 64 * 1024
        let restorer = StateRestorer(path: file.path, configuration: configuration)
        defer { try? restorer.close() }
        let key = try SceneKey(scene: "s19999")
        let first = restorer.restore(CatalogViewState.self, key, against: document)
        if first.reports(.databaseNeedsMigration) {
            restorer.waitForDeferredMigration()
        }  // else the killed child had finished: nothing left to migrate
        #expect(restorer.restore(CatalogViewState.self, key, against: document).state.query == "q19999")
        #expect(try schemaVersion() == StateDatabase.latestSchemaVersion)
    }
}
