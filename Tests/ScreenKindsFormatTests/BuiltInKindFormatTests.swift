import ScreenKinds
import ScreenModels
import StateRestoreTesting
import Testing

/// The library's own kinds keep their format histories the way it asks apps to: each kind's
/// folder under Formats/ locks its current shape and holds a sample of every format it reads
/// (and of newer ones), each restored through the real engine to the state and report codes it
/// expects. Record what is missing with `RESTORE_RECORD_FORMATS=1 swift test --filter
/// BuiltInKindFormatTests`, then read the new files before committing them.
@Suite struct BuiltInKindFormatTests {
    @Test func everyCatalogFormatStillRestores() throws {
        let sample = CatalogViewState(query: "dune", selectedID: 3, viewport: CatalogViewport(anchorID: 3, offset: 0.5, before: [2, 1], after: [4]))
        try FormatHistory(CatalogViewState.self, sample: sample).verify()
    }

    @Test func everyNotesFormatStillRestores() throws {
        try FormatHistory(NotesState.self, sample: NotesState(query: "wal", selectedNoteID: 2)).verify()
    }

    @Test func everyZonesFormatStillRestores() throws {
        try FormatHistory(ZonesState.self, sample: ZonesState(selectedZoneID: "utc")).verify()
    }
}
