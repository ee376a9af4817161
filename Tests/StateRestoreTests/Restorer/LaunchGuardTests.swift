import Foundation
import ScreenKinds
import ScreenModels
import StateRestore
import StateRestoreTesting
import StateStore
import TestSupport
import Testing

/// The crash-loop guard's rules across real processes: a mark is made only for a record that
/// is applied, it belongs to one live process (another process's in-flight restore is never a
/// crash, a killed one's is), and a full disk turns the guard off loudly without ever applying
/// a blamed record again. Children are the real `restorectl` and `restorectl-stress`; every step
/// is ordered by a child's exit, never by sleeping.
@Suite(.serialized) struct LaunchGuardTests {
    static let books = [CatalogBook(id: 1, title: "Algorithms"), CatalogBook(id: 2, title: "Database Internals")]
    static let document = CatalogDocument(books: books)

    let stateFile: StateFile
    let documentPath: String

    init() throws {
        stateFile = try StateFile()
        documentPath = try stateFile.write(#"{"books": [{"id": 1, "title": "Algorithms"}, {"id": 2, "title": "Database Internals"}]}"#, to: "document.json")
    }

    /// Stores `payload` as the catalog record of `scene`, as some release wrote it.
    private static func store(_ payload: String, version: Int, scene: String, at path: String) throws {
        let store = try Store(path: path, migrator: StateMigrations.makeMigrator())
        defer { store.close() }
        try store.saveRecord(payload, version: version, account: StoreNames.defaultAccount, scene: scene, kind: CatalogViewState.kind)
    }

    /// The report codes of `restorectl-stress launch --scene scene`, a launch of its own.
    private func restoreCodes(_ scene: String, db: String? = nil, document: String? = nil) throws -> [String] {
        let child = try ChildProcess(stress: ["launch", "--db", db ?? stateFile.path, "--scene", scene, "--document", document ?? documentPath])
        let output = child.remainingLines().joined(separator: "\n")
        let exit = child.waitForExit()
        guard exit.isSuccess else { throw ChildFailure("restorectl-stress launch ended with \(exit): \(child.errorOutput())") }
        guard case .array(let report)? = try JSONValue.parse(Data(output.utf8))["report"] else { throw ChildFailure("no report in \(output)") }
        return report.compactMap { entry in if case .string(let code)? = entry["code"] { code } else { nil } }
    }

    /// A launch that restores `scene` and is killed by SIGKILL before completing it.
    private func restoreThenCrash(_ scene: String, db: String? = nil, document: String? = nil) throws -> String {
        let child = try ChildProcess(stress: ["restore-then-crash", "--db", db ?? stateFile.path, "--scene", scene, "--document", document ?? documentPath])
        let lines = child.remainingLines()
        let exit = child.waitForExit()
        guard exit.wasKilled, let line = lines.first else { throw ChildFailure("restore-then-crash ended with \(exit) after \(lines)") }
        return line
    }

    /// A database on `mount` holding the same catalog record for `blamed` and `fine`, the
    /// document copied beside it, and a launch killed while applying `blamed`: where the tests
    /// of a faulty file system start.
    private func launchKilledApplyingBlamed(on mount: ScratchMount) throws -> (db: String, document: String) {
        let db = mount.path("state.sqlite")
        let document = mount.path("document.json")
        try FileManager.default.copyItem(atPath: documentPath, toPath: document)
        let record = CatalogRecordCodec.encode(CatalogRecord(CatalogViewState(selectedID: 2)))
        try Self.store(record, version: 3, scene: "blamed", at: db)
        try Self.store(record, version: 3, scene: "fine", at: db)
        _ = try restoreThenCrash("blamed", db: db, document: document)
        return (db, document)
    }

    private func quarantine(at path: String? = nil) throws -> [QuarantinedRecord] {
        let store = try Store(readingExistingFileAt: path ?? stateFile.path)
        defer { store.close() }
        return try store.quarantinedRecords()
    }

    @Test func aNewerRecordThisBuildCannotReadIsNotBlamedByALaunchThatDiedOnIt() throws {
        let newer = #"{"version":5,"query":"from the future","layout":"grid"}"#
        try Self.store(newer, version: 5, scene: "future", at: stateFile.path)

        // A launch of this build meets the newer record (nothing applied) and is killed.
        #expect(try restoreThenCrash("future").hasPrefix("restored unsupported-version "))
        #expect(LaunchGuardFile.recordedMarks(beside: stateFile.path).isEmpty)

        // The next launch finds nothing to blame; the newer release still finds its record.
        #expect(try restoreCodes("future") == ["unsupported-version"])
        #expect(try quarantine().isEmpty)
        let store = try Store(readingExistingFileAt: stateFile.path)
        defer { store.close() }
        #expect(try store.record(account: "default", scene: "future", kind: "catalog")?.payload == Data(newer.utf8))
    }

    @Test func anotherProcessRestoringWhileTheAppIsMidRestoreBlamesNothing() throws {
        let record = CatalogRecordCodec.encode(CatalogRecord(CatalogViewState(selectedID: 2)))
        try Self.store(record, version: 3, scene: "app", at: stateFile.path)
        try Self.store(record, version: 3, scene: "widget", at: stateFile.path)

        // The app is applying its record: its mark is live in this process.
        let app = StateRestorer(path: stateFile.path)
        let restored = app.restore(CatalogViewState.self, try SceneKey(scene: "app"), against: Self.document)
        #expect(restored.report.isEmpty)

        // An extension (another process) launches and restores its own scene meanwhile.
        #expect(try restoreCodes("widget") == [])
        #expect(try quarantine().isEmpty)
        #expect(try restoreCodes("app") == [])  // even a restore of the app's own scene elsewhere

        app.completeRestore(restored)
        try app.close()
        #expect(try quarantine().isEmpty)
    }

    @Test func aKilledProcessesMarkStillQuarantinesItsRecordWhileAnotherProcessIsLive() throws {
        let record = CatalogRecordCodec.encode(CatalogRecord(CatalogViewState(selectedID: 1)))
        try Self.store(record, version: 3, scene: "crashing", at: stateFile.path)
        try Self.store(record, version: 3, scene: "live", at: stateFile.path)
        let live = StateRestorer(path: stateFile.path)
        let liveRestore = live.restore(CatalogViewState.self, try SceneKey(scene: "live"), against: Self.document)

        _ = try restoreThenCrash("crashing")
        #expect(try restoreCodes("crashing") == ["restore-crashed"])
        #expect(try quarantine().map(\.scene) == ["crashing"])

        live.completeRestore(liveRestore)
        try live.close()
        #expect(try restoreCodes("live") == [])
    }

    /// `restorectl` run to its exit, which must be 0.
    private func tool(_ arguments: [String]) throws {
        let run = try ChildRun(restorectl: arguments)
        guard run.status == 0 else { throw ChildFailure("restorectl \(arguments.joined(separator: " ")): \(run)") }
    }

    /// Saves `state` as scene `scene`'s catalog record with `restorectl save`, in a process of its own.
    private func toolSave(_ state: CatalogViewState, scene: String) throws {
        let statePath = try stateFile.write(CatalogRecordCodec.encode(CatalogRecord(state)), to: "state-\(scene).json")
        try tool(["save", "--db", stateFile.path, "--scene", scene, "--state", statePath])
    }

    /// A launch in this process restores `scene`'s record, whose query is `query`, blaming
    /// nothing and quarantining nothing, and completes it.
    private func expectLaunchApplies(_ query: String, scene: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let restorer = StateRestorer(path: stateFile.path)
        let restored = restorer.restore(CatalogViewState.self, try SceneKey(scene: scene), against: Self.document)
        #expect(!restored.reports(.restoreCrashed), sourceLocation: sourceLocation)
        #expect(restored.state.query == query, sourceLocation: sourceLocation)
        restorer.completeRestore(restored)
        try restorer.close()
        #expect(try quarantine().isEmpty, sourceLocation: sourceLocation)
    }

    @Test func aRecordSavedAfterACrashedRestoreWasNeverAppliedAndIsNotBlamed() throws {
        try toolSave(CatalogViewState(query: "crashing", selectedID: 1), scene: "s")
        _ = try restoreThenCrash("s")
        #expect(LaunchGuardFile.recordedMarks(beside: stateFile.path).count == 1)

        // Another process replaces the record before the app launches again.
        try toolSave(CatalogViewState(query: "saved since", selectedID: 2), scene: "s")

        // What a launch would do, said by a restore that reads only: nothing to blame.
        let readingOnly = StateRestorer(path: stateFile.path, configuration: DatabaseConfiguration(access: .readOnly))
        let looked = readingOnly.restore(CatalogViewState.self, try SceneKey(scene: "s"), against: Self.document)
        #expect(!looked.reports(.restoreCrashed))
        try readingOnly.close()

        // The launch applies the record saved since; the one it crashed on is gone already.
        try expectLaunchApplies("saved since", scene: "s")
        #expect(LaunchGuardFile.recordedMarks(beside: stateFile.path).isEmpty)
    }

    @Test func aSceneDiscardedAfterACrashedRestoreDoesNotBlameTheRecordSavedForItLater() throws {
        try toolSave(CatalogViewState(query: "crashing", selectedID: 1), scene: "s")
        _ = try restoreThenCrash("s")
        try tool(["discard", "--db", stateFile.path, "--scene", "s", "--account", "default"])
        try toolSave(CatalogViewState(query: "after the discard", selectedID: 2), scene: "s")

        try expectLaunchApplies("after the discard", scene: "s")
    }

    @Test func theRecordACrashedRestoreWasApplyingIsStillBlamedWhenAnotherScenesRecordChanged() throws {
        try toolSave(CatalogViewState(query: "crashing", selectedID: 1), scene: "s")
        try toolSave(CatalogViewState(query: "other", selectedID: 2), scene: "other")
        _ = try restoreThenCrash("s")
        try toolSave(CatalogViewState(query: "other, changed", selectedID: 2), scene: "other")

        #expect(try restoreCodes("s") == ["restore-crashed"])
        #expect(try quarantine().map(\.scene) == ["s"])
        #expect(try restoreCodes("other") == [])
    }

    /// A record a migration rewrote in place keeps its save time, and it is still the record
    /// the crashed restore was applying: blamed. (A stamp of the payload's size too let it go
    /// and crash the next launch again; found by review.)
    @Test func aRecordRewrittenInPlaceSinceTheCrashIsStillBlamed() throws {
        try toolSave(CatalogViewState(query: "crashing", selectedID: 1), scene: "s")
        _ = try restoreThenCrash("s")
        let store = try Store(path: stateFile.path, migrator: StateMigrations.makeMigrator())
        let rewritten = CatalogRecordCodec.encode(CatalogRecord(CatalogViewState(query: "rewritten, longer", selectedID: 1)))
        try store.database.execute("UPDATE scene_state SET payload = ? WHERE scene = 's'", [.text(rewritten)])
        store.close()
        #expect(try restoreCodes("s") == ["restore-crashed"])
        #expect(try quarantine().map(\.scene) == ["s"])
    }

    /// Two launches in a row that crashed count as two, for a restore that reads only too,
    /// when the record the second was applying has been replaced since: a launch starts every
    /// scene from defaults, and a look says it would. (The look called the file clean once no
    /// record it could blame was left; found by review.)
    @Test func twoCrashedLaunchesCountWhenTheRecordTheLastWasApplyingWasReplaced() throws {
        try toolSave(CatalogViewState(query: "a", selectedID: 1), scene: "a")
        try toolSave(CatalogViewState(query: "b", selectedID: 2), scene: "b")
        try toolSave(CatalogViewState(query: "c", selectedID: 2), scene: "c")
        _ = try restoreThenCrash("a")
        _ = try restoreThenCrash("b")  // its crash check blames a, then it dies applying b
        try toolSave(CatalogViewState(query: "b, saved since", selectedID: 2), scene: "b")
        let readingOnly = StateRestorer(path: stateFile.path, configuration: DatabaseConfiguration(access: .readOnly))
        let looked = readingOnly.restore(CatalogViewState.self, try SceneKey(scene: "c"), against: Self.document)
        try readingOnly.close()
        #expect(looked.reports(.restoreCrashed), "\(looked.report)")
        #expect(try restoreCodes("c") == ["restore-crashed"])
        #expect(try restoreCodes("c") == [])
    }

    /// A screen restored twice before it completes holds one mark: completing it leaves none,
    /// even while another restorer of the process keeps the guard file open (a second hold was
    /// left, for the next death of the process to blame a record that had completed; found by
    /// review).
    @Test func aScreenRestoredTwiceBeforeItCompletesLeavesNoMarkOnceCompleted() throws {
        try toolSave(CatalogViewState(query: "s", selectedID: 1), scene: "s")
        try toolSave(CatalogViewState(query: "o", selectedID: 2), scene: "o")
        let other = StateRestorer(path: stateFile.path)
        defer { try? other.close() }
        other.completeRestore(other.restore(CatalogViewState.self, try SceneKey(scene: "o"), against: Self.document))
        let app = StateRestorer(path: stateFile.path)
        _ = app.restore(CatalogViewState.self, try SceneKey(scene: "s"), against: Self.document)
        let again = app.restore(CatalogViewState.self, try SceneKey(scene: "s"), against: Self.document)
        #expect(LaunchGuardFile.recordedMarks(beside: stateFile.path).count == 1)
        app.completeRestore(again)
        #expect(LaunchGuardFile.recordedMarks(beside: stateFile.path).isEmpty)
        try app.close()
    }

    @Test(.enabled(if: TestHost.canMountTmpfs, "mounts a tmpfs: needs root and a mount namespace"))

    func onAFullDiskTheReportSaysTheGuardIsOffAndABlamedRecordIsNeverApplied() throws {
        let mount = try #require(try ScratchMount(tmpfsSize: "2m"))
        defer { mount.unmount() }
        let (db, document) = try launchKilledApplyingBlamed(on: mount)
        let fresh = mount.path("fresh.sqlite")
        try Self.store(CatalogRecordCodec.encode(CatalogRecord(CatalogViewState(selectedID: 2))), version: 3, scene: "fine", at: fresh)
        #expect(LaunchGuardFile.recordedMarks(beside: db).count == 1)
        #expect(!FileManager.default.fileExists(atPath: fresh + "-guard"))

        // Connections that keep each file's -wal and -shm in place, so the files open on the
        // full disk (a launch on a full disk with none is the storage-faults issue's).
        let holder = try Store(path: db, migrator: StateMigrations.makeMigrator())
        let freshHolder = try Store(path: fresh, migrator: StateMigrations.makeMigrator())
        defer {
            holder.close()
            freshHolder.close()
        }
        try mount.fill()

        // The blamed record cannot be moved to the quarantine: it stays, and is not applied.
        let restorer = StateRestorer(path: db)
        let blamed = restorer.restore(CatalogViewState.self, try SceneKey(scene: "blamed"), against: Self.document)
        #expect(blamed.state == CatalogViewState())
        #expect(blamed.report.contains { $0.code == .restoreCrashed && $0.detail.contains("left in place") }, "\(blamed.report)")
        try restorer.close()
        #expect(try quarantine(at: db).isEmpty)
        // Still full, the next launch does not apply it either.
        #expect(try restoreCodes("blamed", db: db, document: document) == ["restore-crashed"])

        // No guard file can be made beside the other database: its record is applied, and the
        // report says the restore is unguarded; no half-made guard file is left.
        let unguarded = StateRestorer(path: fresh)
        let restored = unguarded.restore(CatalogViewState.self, try SceneKey(scene: "fine"), against: Self.document)
        #expect(restored.state == CatalogViewState(selectedID: 2))
        #expect(restored.reports(.restoreUnguarded), "\(restored.report)")
        try unguarded.close()
        #expect(!FileManager.default.fileExists(atPath: fresh + "-guard"))

        // Space comes back: the blamed record moves to the quarantine at the next launch.
        try mount.emptyFiller()
        #expect(try restoreCodes("blamed", db: db, document: document) == ["restore-crashed"])
        #expect(try quarantine(at: db).map(\.scene) == ["blamed"])
        #expect(LaunchGuardFile.recordedMarks(beside: db).isEmpty)
    }

    /// A database on `mount` holding scene "fine"'s record, and a connection that keeps its
    /// -wal and -shm in place, so the file opens on the full disk (and no removal of theirs
    /// gives blocks back late: see `ScratchMount.fill()`).
    private static func fineRecordKeptOpen(on mount: ScratchMount) throws -> (db: String, holder: Store) {
        let db = mount.path("state.sqlite")
        let holder = try Store(path: db, migrator: StateMigrations.makeMigrator())
        try store(CatalogRecordCodec.encode(CatalogRecord(CatalogViewState(selectedID: 2))), version: 3, scene: "fine", at: db)
        return (db, holder)
    }

    @Test(.enabled(if: TestHost.canMountTmpfs, "mounts a tmpfs: needs root and a mount namespace"))
    func onceSpaceComesBackTheSameLaunchGuardsItsNextRestore() throws {
        let mount = try #require(try ScratchMount(tmpfsSize: "2m"))
        defer { mount.unmount() }
        let (db, holder) = try Self.fineRecordKeptOpen(on: mount)
        defer { holder.close() }
        let restorer = StateRestorer(path: db)
        defer { try? restorer.close() }
        let key = try SceneKey(scene: "fine")
        try mount.fill()
        #expect(restorer.restore(CatalogViewState.self, key, against: Self.document).reports(.restoreUnguarded))

        // Space comes back: the same launch's next restore is marked, as every restore of a
        // stored record is, and says nothing of a guard being off.
        try mount.emptyFiller()
        let again = restorer.restore(CatalogViewState.self, key, against: Self.document)
        #expect(again.state == CatalogViewState(selectedID: 2))
        #expect(!again.reports(.restoreUnguarded), "\(again.report)")
        #expect(LaunchGuardFile.recordedMarks(beside: db).count == 1)
    }

    /// A guard file and a live-scenes file another process has just made (empty, not laid out
    /// yet) are never removed by a process that cannot lay them out on a full disk: only their
    /// maker removes them. The reader of an empty file took it for its own new one and removed
    /// it, and the maker's lock was then on a file no other process saw (found by a review).
    @Test(.enabled(if: TestHost.canMountTmpfs, "mounts a tmpfs: needs root and a mount namespace"))
    @MainActor
    func anotherProcesssNewEmptyGuardAndLiveFilesStayWhenTheyCannotBeLaidOutOnAFullDisk() throws {
        let mount = try #require(try ScratchMount(tmpfsSize: "2m"))
        defer { mount.unmount() }
        let (db, holder) = try Self.fineRecordKeptOpen(on: mount)
        defer { holder.close() }
        for suffix in ["-guard", "-live"] { #expect(FileManager.default.createFile(atPath: db + suffix, contents: nil)) }
        try mount.fill()
        let restorer = StateRestorer(path: db)
        defer { try? restorer.close() }
        let restored = restorer.restore(CatalogViewState.self, try SceneKey(scene: "fine"), against: Self.document)
        #expect(restored.reports(.restoreUnguarded), "\(restored.report)")
        var state = restored.state
        let tracking = restorer.persist(from: restored, turns: ManualTurnScheduler()) { state }
        state.query = "live"
        try? restorer.close()
        withExtendedLifetime(tracking) {}
        // Two first launches making the guard file at once (each found none at its crash
        // check), the other one's file not laid out yet.
        #expect(throws: LaunchGuardError.self) { try LaunchGuardFile.acquire(beside: db, creating: true) }
        for suffix in ["-guard", "-live"] {
            #expect(FileManager.default.fileExists(atPath: db + suffix), "\(suffix) was removed")
        }
    }

    @Test(.enabled(if: TestHost.canMountTmpfs, "mounts a tmpfs: needs root and a mount namespace"))
    func completingARestoreWhoseMarkCannotBeClearedSaysSoAndTheMarkIsClearedOnceItCanBe() throws {
        let mount = try #require(try ScratchMount(tmpfsSize: "2m"))
        defer { mount.unmount() }
        let db = mount.path("state.sqlite")
        // Open throughout, so SQLite removes no -wal or -shm on the mount: a removal's blocks
        // could come back after the fill below (see `ScratchMount.fill()`).
        let holder = try Store(path: db, migrator: StateMigrations.makeMigrator())
        defer { holder.close() }
        try Self.store(CatalogRecordCodec.encode(CatalogRecord(CatalogViewState(selectedID: 2))), version: 3, scene: "fine", at: db)
        let restorer = StateRestorer(path: db)
        defer { try? restorer.close() }
        let restored = restorer.restore(CatalogViewState.self, try SceneKey(scene: "fine"), against: Self.document)
        #expect(LaunchGuardFile.recordedMarks(beside: db).count == 1)
        // For a failure's message: this process's descriptors of files on the mount, and the
        // mount's free blocks (a completion that wrote on the full disk must say which it was).
        func descriptorsOnTheMount() -> String {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
            return names.compactMap { name in
                let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + name)) ?? "?"
                return target.hasPrefix(mount.root.path) ? "\(name)->\(target)" : nil
            }.sorted().joined(separator: ", ")
        }
        func freeBlocks() -> String {
            var info = statvfs()
            return statvfs(mount.root.path, &info) == 0 ? "\(info.f_bfree)/\(info.f_blocks)" : "errno \(errno)"
        }
        let before = descriptorsOnTheMount()
        // The guard file loses its bytes (truncated by hand) and the disk fills: rewriting the
        // slot without the mark needs a block the disk no longer has.
        #expect(truncate(db + "-guard", 0) == 0)
        try mount.fill()
        let afterFill = (descriptorsOnTheMount(), freeBlocks())
        let completed = restorer.completeRestore(restored)
        #expect(completed == false, "before: \(before); after fill: \(afterFill); after complete: \(descriptorsOnTheMount()) \(freeBlocks())")

        // Space comes back: the mark is still held, and completing again clears it.
        try mount.emptyFiller()
        #expect(restorer.completeRestore(restored))
        #expect(LaunchGuardFile.recordedMarks(beside: db).isEmpty)
    }

    /// A crash check whose move to the quarantine is refused (another connection holds the
    /// write lock through the launch's first restore) leaves the blamed record in place, and the
    /// screen's next restore in the same launch does not apply it either.
    @Test func aRecordACrashCheckLeftInPlaceIsNotAppliedByTheScreensNextRestore() throws {
        let record = CatalogRecordCodec.encode(CatalogRecord(CatalogViewState(selectedID: 2)))
        try Self.store(record, version: 3, scene: "blamed", at: stateFile.path)
        _ = try restoreThenCrash("blamed")
        var configuration = DatabaseConfiguration()
        configuration.launchBudgetMilliseconds = 50
        let app = StateRestorer(path: stateFile.path, configuration: configuration)
        defer { try? app.close() }
        let key = try SceneKey(scene: "blamed")

        let holder = try Store(path: stateFile.path, migrator: StateMigrations.makeMigrator())
        let first = try holder.writeTransaction { app.restore(CatalogViewState.self, key, against: Self.document) }
        holder.close()
        #expect(first.state == CatalogViewState())
        #expect(first.report.contains { $0.code == .restoreCrashed && $0.detail.contains("left in place") }, "\(first.report)")

        let again = app.restore(CatalogViewState.self, key, against: Self.document)
        #expect(again.state == CatalogViewState(), "the record the crash check left in place was applied")
        #expect(again.reports(.restoreCrashed), "\(again.report)")
        try app.close()
        #expect(try quarantine().isEmpty)
        // The next launch, the lock gone, moves it to the quarantine.
        #expect(try restoreCodes("blamed") == ["restore-crashed"])
        #expect(try quarantine().map(\.scene) == ["blamed"])
    }

    /// On a read-only mount the launch cannot open the guard file for writing: it still reads
    /// it, and the record a killed launch was applying is not applied; once the mount is
    /// writable, the next launch moves it to the quarantine.
    @Test(.enabled(if: TestHost.canMountTmpfs, "mounts a tmpfs: needs root and a mount namespace"))
    func aLaunchOnAReadOnlyMountStillReadsTheGuardFileAndAppliesNoBlamedRecord() throws {
        let mount = try #require(try ScratchMount(tmpfsSize: "2m"))
        defer { mount.unmount() }
        let (db, document) = try launchKilledApplyingBlamed(on: mount)
        try #require(mount.remount(readOnly: true), "the tmpfs could not be remounted read-only")

        let app = StateRestorer(path: db)
        let blamed = app.restore(CatalogViewState.self, try SceneKey(scene: "blamed"), against: Self.document)
        #expect(blamed.state == CatalogViewState(), "a blamed record was applied on a read-only mount")
        #expect(blamed.reports(.databaseReadOnly) && blamed.report.contains { $0.code == .restoreCrashed && $0.detail.contains("left in place") }, "\(blamed.report)")
        let fine = app.restore(CatalogViewState.self, try SceneKey(scene: "fine"), against: Self.document)
        #expect(fine.state == CatalogViewState(selectedID: 2) && !fine.reports(.restoreCrashed), "\(fine.report)")
        try app.close()

        try #require(mount.remount(readOnly: false), "the tmpfs could not be remounted writable")
        #expect(try restoreCodes("blamed", db: db, document: document) == ["restore-crashed"])
        #expect(try quarantine(at: db).map(\.scene) == ["blamed"])
    }
}

/// What the maintenance operations do to the guard file.
@Suite struct LaunchGuardMaintenanceTests {
    @Test func purgeRemovesTheAccountsMarksOfAKilledLaunchAndKeepsTheOthers() throws {
        let stateFile = try StateFile()
        let alice = LaunchGuardMark(account: "alice", scene: "main", kind: "catalog")
        let bob = LaunchGuardMark(account: "bob", scene: "main", kind: "catalog")
        let store = try Store(path: stateFile.path, migrator: StateMigrations.makeMigrator())
        defer { store.close() }
        try LaunchGuardFile.leaveMarksOfAKilledProcess(beside: stateFile.path, [alice, bob])
        #expect(Set(LaunchGuardFile.recordedMarks(beside: stateFile.path)) == [alice, bob])

        _ = try store.purge(account: "alice")
        #expect(LaunchGuardFile.recordedMarks(beside: stateFile.path) == [bob])
    }

    @Test func aPurgeOrARestoreThatAppliesNothingCreatesNoGuardFile() throws {
        let stateFile = try StateFile()
        let store = try Store(path: stateFile.path, migrator: StateMigrations.makeMigrator())
        _ = try store.purge(account: "alice")
        store.close()
        let restorer = StateRestorer(path: stateFile.path)
        #expect(restorer.restore(CatalogViewState.self, try SceneKey(scene: "main"), against: CatalogDocument(books: [])).reports(.noRecord))
        try restorer.close()
        #expect(!FileManager.default.fileExists(atPath: stateFile.path + "-guard"))
    }

    @Test func aGuardFileCutShortInsideAKilledLaunchsSlotBlamesTheMarksItStillHolds() throws {
        let stateFile = try StateFile()
        let key = try SceneKey(scene: "main")
        let seed = StateRestorer(path: stateFile.path)
        try seed.save(NotesState(query: "n"), for: key)
        try seed.save(ZonesState(selectedZoneID: "paris"), for: key)
        try seed.close()
        // A killed launch marked the notes and then the zones; the file then loses its end in
        // the middle of that slot (64-byte header, 16-byte slot header, 16 bytes a mark): the
        // notes mark is whole, the zones mark is gone.
        try LaunchGuardFile.leaveMarksOfAKilledProcess(
            beside: stateFile.path, [NotesState.kind, ZonesState.kind].map { LaunchGuardMark(account: key.account, scene: key.scene, kind: $0) })
        #expect(truncate(stateFile.path + "-guard", 64 + 16 + 16) == 0)

        let launch = StateRestorer(path: stateFile.path)
        defer { try? launch.close() }
        let notes = launch.restore(NotesState.self, key, against: [Note(id: 1, title: "WAL")])
        #expect(notes.reports(.restoreCrashed) && notes.state == NotesState())
        let zones = launch.restore(ZonesState.self, key, against: [ZoneChoice(id: "utc", title: "UTC"), ZoneChoice(id: "paris", title: "Paris")])
        #expect(!zones.reports(.restoreCrashed) && zones.state.selectedZoneID == "paris", "\(zones.report)")
    }
}
