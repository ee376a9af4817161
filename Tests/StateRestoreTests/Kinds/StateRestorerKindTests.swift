import Foundation
import ScreenKinds
import ScreenModels
import StateRestoreTesting
import StateStore
import TestSupport
import Testing

@testable import StateRestore

/// The restorer over several kinds in one file: each (account, scene, kind) restores, guards
/// and quarantines on its own; kinds this build does not know are never touched.
@Suite struct StateRestorerKindTests {
    let stateFile: StateFile
    let key: SceneKey
    let notes = [Note(id: 1, title: "WAL"), Note(id: 2, title: "Backup")]
    let choices = [ZoneChoice(id: "utc", title: "UTC"), ZoneChoice(id: "paris", title: "Paris")]
    let document = CatalogDocument(books: (1...5).map { CatalogBook(id: $0, title: "Book \($0)") })

    init() throws {
        stateFile = try StateFile()
        key = try SceneKey(scene: "main")
    }

    private func store() throws -> Store { try Store(path: stateFile.path, migrator: StateMigrations.makeMigrator()) }

    @Test func eachKindOfOneSceneKeepsItsOwnRecord() throws {
        let launch1 = StateRestorer(path: stateFile.path)
        try launch1.save(CatalogViewState(query: "book", selectedID: 3), for: key)
        try launch1.save(NotesState(query: "wal", selectedNoteID: 1), for: key)
        try launch1.save(ZonesState(selectedZoneID: "paris"), for: key)
        try launch1.close()

        let launch2 = StateRestorer(path: stateFile.path)
        defer { try? launch2.close() }
        let catalog = launch2.restore(CatalogViewState.self, key, against: document)
        let notesRestored = launch2.restore(NotesState.self, key, against: notes)
        let zones = launch2.restore(ZonesState.self, key, against: choices)
        #expect(catalog.state == CatalogViewState(query: "book", selectedID: 3))
        #expect(notesRestored.state == NotesState(query: "wal", selectedNoteID: 1) && notesRestored.report.isEmpty)
        #expect(zones.state == ZonesState(selectedZoneID: "paris") && zones.report.isEmpty)
        let stored = try #require(try launch2.withStore { store, _ in try store?.record(account: key.account, scene: key.scene, kind: "notes") })
        #expect(String(decoding: stored.payload, as: UTF8.self) == #"{"version":1,"query":"wal","selectedNoteID":1}"#)
    }

    @Test func aDeletedNoteIsClearedAndTheQueryKept() throws {
        let launch1 = StateRestorer(path: stateFile.path)
        try launch1.save(NotesState(query: "gone", selectedNoteID: 9), for: key)
        try launch1.close()
        let restored = StateRestorer(path: stateFile.path).restore(NotesState.self, key, against: notes)
        #expect(restored.state == NotesState(query: "gone", selectedNoteID: nil))
        #expect(restored.report.map(\.code) == [.selectionCleared])
        #expect(restored.adjustments.map(\.code) == [.selectionCleared])
    }

    @Test(
        "zones: none takes the first choice, an unknown one is replaced, no choices clear it",
        arguments: [
            (nil, ["utc", "paris"], "utc", []),
            ("paris", ["utc", "paris"], "paris", []),
            ("tokyo", ["utc", "paris"], "utc", [RestoreCode.selectionReplaced]),
            ("tokyo", [], nil, [.selectionCleared]),
            (nil, [], nil, []),
        ] as [(String?, [String], String?, [RestoreCode])])
    func zonesReconcile(saved: String?, choiceIDs: [String], expected: String?, codes: [RestoreCode]) throws {
        let reconciled = ZonesState(selectedZoneID: saved).reconciled(against: choiceIDs.map { ZoneChoice(id: $0, title: $0) })
        #expect(reconciled.state.selectedZoneID == expected)
        #expect(reconciled.adjustments.map(\.code) == codes)
    }

    @Test func aNotesRecordWithAbsentFieldsIsDefaultedAndReported() throws {
        let seed = try store()
        try seed.saveRecord(#"{"query":"x"}"#, version: 1, account: key.account, scene: key.scene, kind: "notes")
        seed.close()
        let restored = StateRestorer(path: stateFile.path).restore(NotesState.self, key)
        #expect(restored.state == NotesState(query: "x"))
        #expect(restored.report.map(\.code) == [.defaultsApplied])
        #expect(restored.report.first?.detail.hasSuffix("selectedNoteID") == true)
    }

    @Test func anUndecodableRecordIsQuarantinedWithItsKindAndOthersAreUntouched() throws {
        let seed = try store()
        try seed.saveRecord(#"{"version":1,"selectedZoneID":7}"#, version: 1, account: key.account, scene: key.scene, kind: "zones")
        try seed.saveRecord(#"{"version":1,"query":"kept"}"#, version: 1, account: key.account, scene: key.scene, kind: "notes")
        seed.close()
        let restorer = StateRestorer(path: stateFile.path)
        defer { try? restorer.close() }
        let zones = restorer.restore(ZonesState.self, key, against: choices)
        #expect(zones.state == ZonesState(selectedZoneID: "utc"))
        #expect(zones.report.map(\.code) == [.recordUnreadable])
        let quarantined = try #require(try restorer.withStore { store, _ in try store?.quarantinedRecords().first })
        #expect(quarantined.kind == "zones" && quarantined.scene == "main")
        #expect(restorer.restore(NotesState.self, key).state.query == "kept")
    }

    @Test func eachCrashedKindReportsRestoreCrashedWhicheverScreenRestoresFirst() throws {
        let seed = StateRestorer(path: stateFile.path)
        try seed.save(CatalogViewState(query: "c"), for: key)
        try seed.save(NotesState(query: "n"), for: key)
        try seed.save(ZonesState(selectedZoneID: "paris"), for: key)
        try seed.close()
        // Launch 1 started the notes and zones restores and was killed before completing them.
        try LaunchGuardFile.leaveMarksOfAKilledProcess(
            beside: stateFile.path, [NotesState.kind, ZonesState.kind].map { LaunchGuardMark(account: key.account, scene: key.scene, kind: $0) })

        // Launch 2: the catalog restores first, and is fine; each crashed kind then reports it.
        let launch2 = StateRestorer(path: stateFile.path)
        defer { try? launch2.close() }
        let catalog = launch2.restore(CatalogViewState.self, key, against: document)
        #expect(catalog.state.query == "c" && !catalog.reports(.restoreCrashed))
        let notesRestored = launch2.restore(NotesState.self, key, against: notes)
        #expect(notesRestored.reports(.restoreCrashed) && notesRestored.state == NotesState())
        let zones = launch2.restore(ZonesState.self, key, against: choices)
        #expect(zones.reports(.restoreCrashed) && zones.state == ZonesState(selectedZoneID: "utc"))
        #expect(try launch2.withStore { store, _ in try store?.quarantinedRecords().map(\.kind).sorted() } == ["notes", "zones"])
    }

    @Test func aKindThisBuildDoesNotKnowIsNeverTouched() throws {
        let payload = #"{"version":7,"whatever":[1,2,3]}"#
        let seed = try store()
        try seed.saveRecord(payload, version: 7, account: key.account, scene: key.scene, kind: "someone-elses")
        seed.close()
        let restorer = StateRestorer(path: stateFile.path)
        _ = restorer.restore(CatalogViewState.self, key, against: document)
        _ = restorer.restore(NotesState.self, key, against: notes)
        try restorer.save(CatalogViewState(query: "mine"), for: key)
        try restorer.close()
        let check = try DatabaseCheck.run(stateFile.path, kinds: RecordKind.builtIn)
        #expect(check.isHealthy)
        #expect(check.notes == [#"someone-elses record of scene "main" of account "default": a kind this build does not know; kept untouched"#])
        let reader = try StateDatabase.openForReading(stateFile.path)
        defer { reader.close() }
        let stored = try #require(try reader.record(account: key.account, scene: key.scene, kind: "someone-elses"))
        #expect(String(decoding: stored.payload, as: UTF8.self) == payload && stored.version == 7)
        var conditions: [RecordCondition] = []
        try RecordKind.inspectRecords(in: reader, kinds: RecordKind.builtIn, only: "someone-elses") { _, condition, _ in conditions.append(condition) }
        #expect(conditions == [.unknownKind])
    }

    @Test func oneWriterCoalescesEveryKindAndFlushesThemInOneTransaction() throws {
        let scheduler = ManualWriteScheduler()
        let writer = try CoalescingWriter(path: stateFile.path, scheduler: scheduler)
        for index in 0..<50 {
            writer.save(NotesState(query: "n\(index)"), for: key)
            writer.save(CatalogViewState(query: "c\(index)"), for: key)
            writer.save(ZonesState(selectedZoneID: "z\(index)"), for: key)
        }
        #expect(writer.pendingCount == 3)
        try writer.flush()
        #expect(writer.writesCommitted == 1)
        try writer.close()
        let restorer = StateRestorer(path: stateFile.path)
        defer { try? restorer.close() }
        #expect(restorer.restore(NotesState.self, key).state.query == "n49")
        #expect(restorer.restore(CatalogViewState.self, key).state.query == "c49")
        #expect(restorer.restore(ZonesState.self, key).state.selectedZoneID == "z49")
    }

    @Test func savingANewerRecordOfAnyKindIsRefusedUnlessReplacingNewer() throws {
        let seed = try store()
        try seed.saveRecord(#"{"version":2,"query":"future"}"#, version: 2, account: key.account, scene: key.scene, kind: "notes")
        seed.close()
        let restorer = StateRestorer(path: stateFile.path)
        defer { try? restorer.close() }
        #expect(restorer.restore(NotesState.self, key).reports(.unsupportedVersion))
        #expect(throws: RestoreError.wouldReplaceNewerRecord(scene: key.description, version: 2)) {
            try restorer.save(NotesState(query: "older"), for: key)
        }
        try restorer.save(NotesState(query: "older"), for: key, replacingNewer: true)
        #expect(restorer.restore(NotesState.self, key).state.query == "older")
    }

    @Test func theCatalogScreenModelStartsWithTheRestoresAdjustments() throws {
        let launch1 = StateRestorer(path: stateFile.path)
        try launch1.save(CatalogViewState(query: "", selectedID: 99), for: key)
        try launch1.close()
        let restored = StateRestorer(path: stateFile.path).restore(CatalogViewState.self, key, against: document)
        let screen = restored.makeScreenModel()
        #expect(screen.lastAdjustments == [.selectionCleared(selectedID: 99)])
        #expect(restored.adjustments.map(\.code) == [.selectionCleared])
    }

    @Test func savingALiveScreenModelFromItsRestorationCarriesUnknownFields() throws {
        let seed = try store()
        try seed.saveRecord(#"{"version":3,"query":"q","theme":"dark"}"#, version: 3, account: key.account, scene: key.scene, kind: "catalog")
        seed.close()
        let restorer = StateRestorer(path: stateFile.path)
        let restored = restorer.restore(CatalogViewState.self, key, against: document)
        restorer.completeRestore(restored)
        let screen = restored.makeScreenModel()
        screen.send(.selected(2))
        try restorer.save(screen.viewState, for: restored.key)
        try restorer.close()
        let again = StateRestorer(path: stateFile.path).restore(CatalogViewState.self, key, against: document)
        #expect(again.state == CatalogViewState(query: "q", selectedID: 2))
        #expect(again.carriedFields == ["theme": "dark"])
    }

    @Test @MainActor func notesAndZonesHandOverLiveModelsThatProduceTheirState() throws {
        let launch1 = StateRestorer(path: stateFile.path)
        try launch1.save(NotesState(query: "wal", selectedNoteID: 2), for: key)
        try launch1.save(ZonesState(selectedZoneID: "paris"), for: key)
        try launch1.close()
        let restorer = StateRestorer(path: stateFile.path)
        defer { try? restorer.close() }
        let notesModel = restorer.restore(NotesState.self, key, against: notes).makeViewModel(loader: FixedNotes(notes: notes))
        #expect(NotesState(notesModel) == NotesState(query: "wal", selectedNoteID: 2))
        let zoneModel = try #require(restorer.restore(ZonesState.self, key, against: choices).makeZoneModel())
        #expect(ZonesState(zoneModel) == ZonesState(selectedZoneID: "paris"))
        #expect(restorer.restore(ZonesState.self, key, against: []).makeZoneModel() == nil)
    }
}
