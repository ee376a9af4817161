import Foundation
import JSON
import ScreenKinds
import ScreenModels
import StateRestore
import StateStore
import TestSupport
import Testing

/// The crash-loop guard across real launches: a `restorectl-stress restore-then-crash` child
/// restores a scene and dies by SIGKILL before `completeRestore` (the app crashing while
/// applying the state); the next launches are the real `restorectl` binary or, where one launch
/// restores several scenes, a fresh `StateRestorer` in this process.
///
/// Every step is ordered by a child's output or exit, never by sleeping, and is followed by
/// the whole stored state: records, quarantine, restore marks and the crashed-launch count.
@Suite struct StateRestorerCrashLoopTests {
    /// What one restore produced, as the app would see it.
    struct Restored: Equatable {
        var codes: [RestoreCode]
        var state: CatalogViewState
    }

    /// Everything the crash-loop guard keeps in the database.
    struct StoredState: Equatable {
        /// Scene → stored record bytes, as text.
        var records: [String: String]
        /// Quarantined records, oldest first.
        var quarantine: [Quarantined]
        /// Scenes whose restore started and never completed.
        var marks: Set<String>
        var crashedLaunches: Int
    }

    struct Quarantined: Equatable {
        var id: Int64
        var scene: String
        var reason: QuarantineReason
        var payload: String
    }

    static let books = [
        CatalogBook(id: 1, title: "Algorithms"),
        CatalogBook(id: 2, title: "Database Internals"),
        CatalogBook(id: 3, title: "The Art of Computer Programming"),
        CatalogBook(id: 4, title: "SQLite Internals"),
        CatalogBook(id: 5, title: "The Pragmatic Programmer"),
    ]
    static let document = CatalogDocument(books: books)
    /// States that reconcile to themselves against `document`, so a normal restore returns them
    /// exactly and with an empty report.
    static let stateA = CatalogViewState(selectedID: 2)
    static let stateB = CatalogViewState(query: "internals", selectedID: 4)
    static let stateC = CatalogViewState(selectedID: 5, showsOnlySelected: true)
    static let recordA = CatalogRecordCodec.encode(CatalogRecord(stateA))
    static let recordB = CatalogRecordCodec.encode(CatalogRecord(stateB))
    static let recordC = CatalogRecordCodec.encode(CatalogRecord(stateC))

    let file: StateFile
    let documentPath: String

    init() throws {
        file = try StateFile()
        documentPath = file.path("document.json")
        let entries = Self.books.map { #"{"id": \#($0.id), "title": "\#($0.title)"}"# }
        try Data(#"{"books": [\#(entries.joined(separator: ", "))]}"#.utf8).write(to: URL(fileURLWithPath: documentPath))
    }

    // MARK: Tests

    @Test func crashBetweenMarkAndCompletionQuarantinesTheRecordAndTheNextLaunchStartsFromDefaults() throws {
        try save(["A": Self.stateA, "B": Self.stateB])
        try expectStored(StoredState(records: ["A": Self.recordA, "B": Self.recordB], quarantine: [], marks: [], crashedLaunches: 0))

        // Launch 1 restores A normally, then crashes while applying it: the mark stays.
        #expect(try restoreThenCrash("A") == Restored(codes: [], state: Self.stateA))
        try expectStored(StoredState(records: ["A": Self.recordA, "B": Self.recordB], quarantine: [], marks: ["A"], crashedLaunches: 0))

        // Launch 2 (a process of its own) skips A's record: defaults, quarantined with its bytes intact.
        #expect(try launchInAProcessOfItsOwn("A") == Restored(codes: [.restoreCrashed], state: CatalogViewState()))
        let quarantinedA = Quarantined(id: 1, scene: "A", reason: .restoreCrashed, payload: Self.recordA)
        try expectStored(StoredState(records: ["B": Self.recordB], quarantine: [quarantinedA], marks: [], crashedLaunches: 1))

        let check = try runCLI(["check", "--db", file.path])
        #expect(check.exit.reason == .exit && check.exit.status == 1, "check ended with \(check.exit)")
        #expect(
            check.lines == [
                #"problem: quarantine holds record 1 (catalog record of scene "A" of account "default", restore-crashed): restoring this record did not complete: the app stopped before the restore finished"#,
                "schema: version 5, readable by schema 4 and later, writable by schema 4 and later",
                "\(file.path): 1 problem(s)",
            ])

        // Launch 3: B was never involved and restores its state; no crashed launch before it.
        #expect(try launchInAProcessOfItsOwn("B") == Restored(codes: [], state: Self.stateB))
        try expectStored(StoredState(records: ["B": Self.recordB], quarantine: [quarantinedA], marks: [], crashedLaunches: 0))
    }

    @Test func twoCrashedLaunchesInARowStartEverySceneFromDefaultsOnce() throws {
        try save(["A": Self.stateA, "B": Self.stateB, "C": Self.stateC])
        let records = ["A": Self.recordA, "B": Self.recordB, "C": Self.recordC]

        #expect(try restoreThenCrash("A") == Restored(codes: [], state: Self.stateA))
        try expectStored(StoredState(records: records, quarantine: [], marks: ["A"], crashedLaunches: 0))

        // Launch 2 restores only B; its first restore still finds A's mark from the crashed
        // launch 1 and quarantines A. Then it crashes too, applying B.
        #expect(try restoreThenCrash("B") == Restored(codes: [], state: Self.stateB))
        let quarantinedA = Quarantined(id: 1, scene: "A", reason: .restoreCrashed, payload: Self.recordA)
        try expectStored(
            StoredState(
                records: ["B": Self.recordB, "C": Self.recordC], quarantine: [quarantinedA], marks: ["B"], crashedLaunches: 1
            ))

        // Launch 3 follows two crashed launches: every scene starts from defaults, whichever it
        // restores first; C, which never crashed, keeps its record in place.
        let third = try launch(restoring: ["C", "B", "A"])
        #expect(
            third == [
                "C": Restored(codes: [.restoreCrashed], state: CatalogViewState()),
                "B": Restored(codes: [.restoreCrashed], state: CatalogViewState()),
                "A": Restored(codes: [.restoreCrashed], state: CatalogViewState()),
            ])
        let quarantinedB = Quarantined(id: 2, scene: "B", reason: .restoreCrashed, payload: Self.recordB)
        try expectStored(
            StoredState(
                records: ["C": Self.recordC], quarantine: [quarantinedA, quarantinedB], marks: [], crashedLaunches: 2
            ))

        // Launch 3 completed its restores, so launch 4 restores C normally.
        #expect(try launchInAProcessOfItsOwn("C") == Restored(codes: [], state: Self.stateC))
        try expectStored(
            StoredState(
                records: ["C": Self.recordC], quarantine: [quarantinedA, quarantinedB], marks: [], crashedLaunches: 0
            ))
    }

    @Test func aSignOutThroughALaunchThatRestoredNothingLeavesNothingOfTheAccountToBlame() throws {
        try save(["A": Self.stateA])
        #expect(try restoreThenCrash("A") == Restored(codes: [], state: Self.stateA))
        try expectStored(StoredState(records: ["A": Self.recordA], quarantine: [], marks: ["A"], crashedLaunches: 0))

        // A launch that has restored nothing (it never opened the guard file) signs the account
        // out: its crashed launch's marks go with it, so no later launch counts that crash.
        let restorer = StateRestorer(path: file.path)
        try restorer.signOut(account: StoreNames.defaultAccount)
        try restorer.close()
        try expectStored(StoredState(records: [:], quarantine: [], marks: [], crashedLaunches: 0))
    }

    @Test func launchThatCompletesOneRestoreAndThenCrashesStillCountsAsCrashed() throws {
        try save(["A": Self.stateA, "B": Self.stateB, "C": Self.stateC])
        #expect(try restoreThenCrash("A") == Restored(codes: [], state: Self.stateA))
        try expectStored(
            StoredState(
                records: ["A": Self.recordA, "B": Self.recordB, "C": Self.recordC], quarantine: [], marks: ["A"], crashedLaunches: 0
            ))

        // Launch 2 restores A from defaults and completes it, then crashes applying B.
        let second = try restoreThenCrash("B", completing: ["A"])
        #expect(
            second == [
                Restored(codes: [.restoreCrashed], state: CatalogViewState()),
                Restored(codes: [], state: Self.stateB),
            ])
        let quarantinedA = Quarantined(id: 1, scene: "A", reason: .restoreCrashed, payload: Self.recordA)
        try expectStored(
            StoredState(
                records: ["B": Self.recordB, "C": Self.recordC], quarantine: [quarantinedA], marks: ["B"], crashedLaunches: 1
            ))

        // Completing A did not make launch 2 a good one: launch 3 follows two crashed launches.
        #expect(try launch(restoring: ["C"]) == ["C": Restored(codes: [.restoreCrashed], state: CatalogViewState())])
        let quarantinedB = Quarantined(id: 2, scene: "B", reason: .restoreCrashed, payload: Self.recordB)
        try expectStored(
            StoredState(
                records: ["C": Self.recordC], quarantine: [quarantinedA, quarantinedB], marks: [], crashedLaunches: 2
            ))
    }

    @Test func completedRestoreLeavesNoMarkAndTheNextLaunchRestoresTheRecordAgain() throws {
        try save(["A": Self.stateA])
        let expected = StoredState(records: ["A": Self.recordA], quarantine: [], marks: [], crashedLaunches: 0)
        try expectStored(expected)
        for _ in 1...2 {
            #expect(try launchInAProcessOfItsOwn("A") == Restored(codes: [], state: Self.stateA))
            try expectStored(expected)
        }
        let check = try runCLI(["check", "--db", file.path])
        #expect(check.exit.isSuccess)
        #expect(check.lines == ["schema: version 5, readable by schema 4 and later, writable by schema 4 and later", "\(file.path): healthy (1 record decoded)"])
    }

    @Test func quarantineRestoreBringsTheCrashedRecordBackAndItRestoresNormally() throws {
        try save(["A": Self.stateA])
        #expect(try restoreThenCrash("A") == Restored(codes: [], state: Self.stateA))
        #expect(try launchInAProcessOfItsOwn("A") == Restored(codes: [.restoreCrashed], state: CatalogViewState()))
        let quarantinedA = Quarantined(id: 1, scene: "A", reason: .restoreCrashed, payload: Self.recordA)
        try expectStored(StoredState(records: [:], quarantine: [quarantinedA], marks: [], crashedLaunches: 1))

        let restore = try runCLI(["quarantine", "restore", "--db", file.path, "--id", "1"])
        #expect(restore.exit.isSuccess)
        #expect(restore.lines == ["Restored quarantined record 1 to its scene."])
        try expectStored(StoredState(records: ["A": Self.recordA], quarantine: [], marks: [], crashedLaunches: 1))

        #expect(try launchInAProcessOfItsOwn("A") == Restored(codes: [], state: Self.stateA))
        try expectStored(StoredState(records: ["A": Self.recordA], quarantine: [], marks: [], crashedLaunches: 0))
        #expect(try runCLI(["check", "--db", file.path]).exit.isSuccess)
    }

    // MARK: Launches

    /// Saves each state for its scene, as an earlier launch of the app would have.
    private func save(_ states: [String: CatalogViewState]) throws {
        let restorer = StateRestorer(path: file.path)
        defer { try? restorer.close() }
        for (scene, state) in states { try restorer.save(state, for: try SceneKey(scene: scene)) }
    }

    /// A launch that restores `scene` and is killed before completing the restore.
    private func restoreThenCrash(_ scene: String) throws -> Restored {
        try restoreThenCrash(scene, completing: [])[0]
    }

    /// A launch that restores and completes `completing`, then restores `scene` and is killed
    /// before completing it. Returns every restore in order, `scene`'s last.
    private func restoreThenCrash(_ scene: String, completing: [String]) throws -> [Restored] {
        var arguments = ["restore-then-crash", "--db", file.path, "--scene", scene, "--document", documentPath]
        if !completing.isEmpty { arguments += ["--completing", completing.joined(separator: ",")] }
        let child = try ChildProcess(stress: arguments)
        let lines = child.remainingLines()
        let exit = child.waitForExit()
        guard exit.wasKilled, lines.count == completing.count + 1 else {
            throw ChildFailure("\(child.commandLine) ended with \(exit) after \(lines); stderr: \(child.errorOutput())")
        }
        return try lines.map { line in
            // `restored <codes> <state record>`
            let parts = line.split(separator: " ", maxSplits: 2).map(String.init)
            guard parts.count == 3, parts[0] == "restored" else { throw ChildFailure("unexpected line: \(line)") }
            let codes = parts[1] == "-" ? [] : parts[1].split(separator: ",").map(String.init)
            return try Self.restored(codes: codes, stateRecord: Data(parts[2].utf8))
        }
    }

    /// A launch of the real `restorectl restore --json`, which completes its restore.
    private func launchInAProcessOfItsOwn(_ scene: String) throws -> Restored {
        // An app's launch in a process of its own (`restorectl restore` reads only).
        let child = try ChildProcess(stress: ["launch", "--db", file.path, "--scene", scene, "--document", documentPath])
        let run = (lines: child.remainingLines(), exit: child.waitForExit())
        guard run.exit.isSuccess else { throw ChildFailure("restorectl-stress launch ended with \(run.exit): \(child.errorOutput())") }
        let json = try JSONValue.parse(Data(run.lines.joined(separator: "\n").utf8))
        guard case .array(let report)? = json["report"], let state = json["state"] else {
            throw ChildFailure("unexpected restore output: \(run.lines)")
        }
        let codes = report.compactMap { entry -> String? in
            guard case .string(let code)? = entry["code"] else { return nil }
            return code
        }
        return try Self.restored(codes: codes, stateRecord: Data(state.encoded(pretty: false).utf8))
    }

    /// One launch in this process restoring `scenes` in order, then completing every restore.
    private func launch(restoring scenes: [String]) throws -> [String: Restored] {
        let restorer = StateRestorer(path: file.path)
        defer { try? restorer.close() }
        let restorations = try scenes.map { restorer.restore(CatalogViewState.self, try SceneKey(scene: $0), against: Self.document) }
        for restoration in restorations { #expect(restorer.completeRestore(restoration)) }
        return Dictionary(
            uniqueKeysWithValues: restorations.map {
                ($0.key.scene, Restored(codes: $0.report.map(\.code), state: $0.state))
            })
    }

    private func runCLI(_ arguments: [String]) throws -> (exit: ChildProcess.Exit, lines: [String]) {
        let child = try ChildProcess(restorectl: arguments)
        let lines = child.remainingLines()
        return (child.waitForExit(), lines)
    }

    // MARK: Reading

    /// Expects the whole crash-loop state of the database to be `expected`.
    private func expectStored(_ expected: StoredState, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let actual = try stored()
        #expect(actual == expected, sourceLocation: sourceLocation)
    }

    /// The whole crash-loop state of the database, read without writing.
    private func stored() throws -> StoredState {
        let store = try Store(readingExistingFileAt: file.path)
        defer { store.close() }
        var records: [String: String] = [:]
        // A mark names the record its restore was applying (its save time); one that names no
        // record stored now counts as "another record".
        var named: [LaunchGuardMark: String] = [:]
        for summary in try store.recordSummaries() {
            records[summary.scene] = try store.record(account: summary.account, scene: summary.scene, kind: "catalog")
                .map { String(decoding: $0.payload, as: UTF8.self) }
            named[LaunchGuardMark(account: summary.account, scene: summary.scene, kind: summary.kind).stamped(savedAt: summary.updatedAt)] = summary.scene
        }
        let marks = Set(LaunchGuardFile.recordedMarks(beside: file.path).map { named[$0] ?? "another record" })
        let quarantine = try store.quarantinedRecords().map {
            Quarantined(id: $0.id, scene: $0.scene, reason: $0.reason, payload: String(decoding: $0.payload, as: UTF8.self))
        }
        return StoredState(records: records, quarantine: quarantine, marks: marks, crashedLaunches: LaunchGuardFile.recordedCrashedLaunches(beside: file.path))
    }

    /// Report codes and a state printed as a current-format record, as the app would see them.
    private static func restored(codes: [String], stateRecord: Data) throws -> Restored {
        let codes = try codes.map { code in
            guard let known = RestoreCode(rawValue: code) else { throw ChildFailure("unknown report code \(code)") }
            return known
        }
        guard case .decoded(let record, _) = CatalogRecordCodec.decode(stateRecord) else {
            throw ChildFailure("the printed state is not a current record: \(String(decoding: stateRecord, as: UTF8.self))")
        }
        return Restored(codes: codes, state: record.viewState)
    }
}
