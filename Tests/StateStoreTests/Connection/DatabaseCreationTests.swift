import Foundation
import TestSupport
import Testing

@testable import StateStore

/// The first open of a new path, paused at each step through ``Database/withCreationHook(at:_:_:)``
/// while other processes open the same path, or while its disk fills up.
///
/// Several first openers used to share one empty file and each switch it to WAL; that switch
/// is the file's first transaction and runs with a rollback journal, which a concurrent
/// opener's hot-journal check could roll back or delete (`SQLITE_IOERR_DELETE_NOENT` at the
/// first `PRAGMA application_id`). Now nothing but a complete WAL database ever appears at the
/// path, so no opener can see an empty file or a rollback journal there.
///
struct DatabaseCreationTests {
    @Test func aPausedFirstOpenerNeverExposesAnEmptyOrRollbackModeFileAndOthersOpenMeanwhile() throws {
        let file = try StateFile()
        let seen = Locked([String]())
        let hook: @Sendable (Database.CreationStep) -> Void = { step in
            // While this first opener is paused, the file at the path is absent or complete.
            let state = Self.visibleState(of: file.path)
            seen.withLock { $0.append("\(step): \(state)") }
            guard step == .staged else { return }
            // Another process creates, migrates and writes the path from scratch meanwhile.
            do {
                let child = try ChildProcess(stress: ["writers", "--db", file.path, "--threads", "3", "--count", "3", "--id", "9"])
                child.send("go")
                while child.nextLine() != nil {}
                let exit = child.waitForExit()
                seen.withLock { $0.append("child: \(exit) \(child.errorOutput())") }
            } catch {
                seen.withLock { $0.append("child: \(error)") }
            }
        }
        let store = try Database.withCreationHook(at: file.path, hook) { try Store(path: file.path, migrator: .withNoOpDataSteps()) }
        try store.saveRecord(#"{"value":"first"}"#, version: 1, account: "stress", scene: "first-opener", kind: "catalog")
        #expect(try store.recordSummaries().count == 6)  // shared, w9, w9-t0…2, first-opener
        #expect(try store.integrityProblems().isEmpty)
        store.close()

        #expect(
            seen.withLock { $0 } == [
                "staged: absent",
                "child: exit 0 ",
                "published: wal database",
            ])
        #expect(!FileManager.default.fileExists(atPath: file.path + "-journal"))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: file.folder.url.path).filter { $0.contains(".creating-") }
        #expect(leftovers.isEmpty)
    }

    /// Two processes opening one new path at once: one migrates while the other waits and
    /// then finds the file a step short; neither leaves a backup of the empty database.
    @Test func twoProcessesCreatingOneFileLeaveNoBackupOfAnEmptyDatabase() throws {
        let dir = try TemporaryDirectory()
        for trial in 0..<12 {
            let path = dir.path("state-\(trial).sqlite")
            let openers = try (0..<2).map { _ in try ChildProcess(stress: ["migrate", "--db", path]) }
            for opener in openers {
                let lines = opener.remainingLines()
                let exit = opener.waitForExit()
                #expect(exit.isSuccess && lines.last?.hasPrefix("migrated ") == true, "\(opener.commandLine): \(exit) \(opener.errorOutput())")
            }
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.url.path)
        #expect(names.filter { $0.contains(".backup-v") || $0.contains(".creating-") }.isEmpty, "\(names.sorted())")
    }

    @Test func aNewDatabaseIsPrivateAndInWriteAheadLogModeBeforeItsFirstTransaction() throws {
        let file = try StateFile()
        let published = Locked(false)
        let hook: @Sendable (Database.CreationStep) -> Void = { step in
            guard step == .published else { return }
            published.withLock { $0 = true }
            #expect(Self.visibleState(of: file.path) == "wal database")
            let mode = (try? FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int) ?? -1
            #expect(mode == 0o600)
        }
        try Database.withCreationHook(at: file.path, hook) { try Store(path: file.path, migrator: .withNoOpDataSteps()).close() }
        #expect(published.withLock { $0 }, "the creation was never published at \(file.path)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: file.folder.url.path) == ["state.sqlite"])
    }

    /// A new database whose first read after it was published runs out of space is removed
    /// whole, as one whose migration does: it stayed at schema 0, and a launch then read it
    /// as read-only storage and reported so. The disk filled in that moment when a child
    /// another test was spawning still held the blocks the staging file's `-shm` had freed,
    /// and the connection's own `-shm` could not grow (one full run in about 25 of
    /// `MigrateCommandTests.aNewDatabaseOutOfSpaceLeavesNothingAtItsPath`).
    @Test(.enabled(if: TestHost.canMountTmpfs, "mounts a tmpfs: needs root and a mount namespace"))
    func aNewDatabaseWhoseFirstReadRunsOutOfSpaceLeavesNothingAtItsPath() throws {
        let mount = try #require(try ScratchMount(tmpfsSize: "512k"))
        defer { mount.unmount() }
        let root = mount.root.path
        let error = try #require(Self.openingANewDatabase(on: mount) { #expect(throws: Never.self) { try ScratchMount.fill(root) } }, "the store opened on a full disk")
        #expect((error as? StoreError)?.isStorageFault == true, "\(error)")
        #expect("\(error)".contains("cannot create the database at \(mount.path("state.sqlite"))"), "\(error)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: root) == ["filler"])
    }

    /// The same refusal never removes a file another process wrote into meanwhile: with the
    /// rows unreadable, the file goes only while its header still says schema 0 and no log
    /// beside it holds anything.
    ///
    /// The refusal needs the disk to stay full from the fill to the first read. Space that
    /// comes back in that moment (the blocks of a file removed on the mount while some process
    /// still held it), or a log the child's last close left (the first read then needs no new
    /// shared memory), lets the read through and the open succeeds: right, but it does not
    /// reach the refusal. Whatever the open did, the file must stay with every record; a round
    /// whose read went through is run again on a new mount, at most four rounds.
    @Test(.enabled(if: TestHost.canMountTmpfs, "mounts a tmpfs: needs root and a mount namespace"))
    func aNewDatabaseAnotherProcessWroteIntoIsKeptWhenItsFirstReadRunsOutOfSpace() throws {
        var rounds: [String] = []
        for _ in 1...4 {
            let mount = try #require(try ScratchMount(tmpfsSize: "2m"))
            defer { mount.unmount() }
            let (root, path) = (mount.root.path, mount.path("state.sqlite"))
            let trace = Locked([String]())
            let error = Self.openingANewDatabase(on: mount) {
                do {
                    let child = try ChildProcess(stress: ["writers", "--db", path, "--threads", "3", "--count", "3", "--id", "9"])
                    child.send("go")
                    while child.nextLine() != nil {}
                    let exit = child.waitForExit()
                    #expect(exit.isSuccess, "\(child.errorOutput())")
                    trace.withLock { $0.append("child: \(exit); then \(Self.listing(of: root))") }
                    try ScratchMount.fill(root)
                    trace.withLock { $0.append("filled: \(Self.listing(of: root))") }
                } catch {
                    Issue.record("\(error)")
                }
            }
            let seen = "open: \(error.map { "\($0)" } ?? "opened"); \(trace.withLock { $0 }.joined(separator: "; ")); after: \(Self.listing(of: root))"
            let names = try FileManager.default.contentsOfDirectory(atPath: root).sorted()
            try mount.emptyFiller()
            let store = try Store(path: path, migrator: .withNoOpDataSteps())
            #expect(try store.recordSummaries().count == 5, "\(seen)")  // shared, w9, w9-t0…2
            store.close()
            guard let error else {
                rounds.append(seen)
                continue
            }
            #expect(error is StoreError, "\(seen)")
            #expect(names == ["filler", "state.sqlite"], "\(seen)")
            return
        }
        Issue.record("the first read went through in every round: \(rounds)")
    }

    /// The files in `folder` with their sizes, and the `user_version` in the database's
    /// header, for failure messages.
    private static func listing(of folder: String) -> String {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder).sorted()) ?? []
        let files = names.map { name in
            var status = stat()
            return "\(name) \(lstat(folder + "/" + name, &status) == 0 ? "\(status.st_size)" : "?")"
        }
        let version = Migrator.userVersionInHeader(of: folder + "/state.sqlite").map { "\($0)" } ?? "unreadable"
        return "[\(files.joined(separator: ", "))] user_version \(version)"
    }

    /// Opens a new database at `state.sqlite` on `mount`, `atPublication` run the moment its
    /// creation links it into place; the open's error, nil when it opened (and was closed).
    private static func openingANewDatabase(on mount: ScratchMount, atPublication: @escaping @Sendable () -> Void) -> (any Error)? {
        let path = mount.path("state.sqlite")
        do {
            try Database.withCreationHook(at: path, { if $0 == .published { atPublication() } }) { try Store(path: path, migrator: .withNoOpDataSteps()).close() }
            return nil
        } catch {
            return error
        }
    }

    /// What another opener would find at `path`: nothing, an empty file, a rollback-mode file
    /// or a complete WAL database (header bytes 18 and 19 are 2).
    static func visibleState(of path: String) -> String {
        guard let data = FileManager.default.contents(atPath: path) else { return "absent" }
        guard data.count >= 100 else { return "\(data.count)-byte file" }
        return data[18] == 2 && data[19] == 2 ? "wal database" : "rollback-mode database"
    }
}
