import ScreenKinds
import ScreenModels
import StateRestore

/// The demo's notes and zones screens: what they save at the first launch and the data they
/// restore against at the second.
enum DemoScreens {
    static let savedNotes = NotesState(query: "sqlite", selectedNoteID: 3)
    static let savedZones = ZonesState(selectedZoneID: "europe-paris")

    /// The notes and zones of the first launch.
    static let originalNotes = changedNotes + [Note(id: 3, title: "SQLite checkpoint tuning")]
    static let originalZones = changedZones + [ZoneChoice(id: "europe-paris", title: "Paris")]

    /// Note 3 was deleted; the zone list no longer offers Paris.
    static let changedNotes = [Note(id: 1, title: "SQLite WAL notes"), Note(id: 2, title: "SQLite backup API")]
    static let changedZones = [
        ZoneChoice(id: "utc", title: "UTC"),
        ZoneChoice(id: "europe-london", title: "London"),
    ]

    static let changeDescription = "The selected note is deleted, and the zone list no longer offers Paris."
}
