import Foundation
import Observation
import ScreenKinds
import ScreenModels
import StateRestore

// The Swift blocks of the README and of the DocC articles (Sources/*/*.docc) that are not
// already this target's code, verbatim, so that they compile as written (ReadmeExampleTests
// checks every block stands in one of this target's files). A block of several lines is a
// whole declaration here, so that its indentation matches the article's.

// RestoreYourFirstScreen.md, step 4's database file is StatePath.swift (its import included).

// RestoreYourFirstScreen.md, step 6: the report (step 7's flush and close are ReaderApp's).

/// Logs what a restore did, one line per entry.
func logReport(of restored: Restoration<ReaderState>) {
    for entry in restored.report { print("\(entry.code): \(entry.detail)") }
}

// DefiningAKind.md, "Versions and upgrades": a retyping step.

/// The reader's step from format 2, which stored the font size in points (an integer), to
/// format 3, which stores a scale (a double); `upgrade(_:from:)` calls it for version 2.
func upgradeFontSize(_ record: inout JSONObject, from version: Int) {
    if version == 2, case .integer(let points)? = record["fontSize"] {
        record["fontSize"] = .double(Double(points) / 17)
    }
}

// DefiningAKind.md, "Reading newer records".

/// A kind whose format 3 only added a field to format 2, so a format-2 reader may read it.
struct ReaderThemeState: RestorableState {
    static let kind = "reader-theme"
    static let currentVersion = 3
    static let minReaderVersion = 2  // format 3 only adds `lineSpacing`; a format-2 reader may ignore it
    static let defaultValue = ReaderThemeState(theme: "light", lineSpacing: 1.0)

    var theme: String
    var lineSpacing: Double
}

// DefiningAKind.md, "Size budgets".

/// A board whose rows carry their text: a board over 64 KiB is a bug, not state to keep.
struct BoardState: RestorableState {
    static let kind = "board"
    static let currentVersion = 1
    static let maxRecordBytes: Int? = 64 * 1024  // refuse saves over it; the stored board stays
    static let defaultValue = BoardState(rows: [])

    var rows: [String]
}

// DefiningAKind.md, "Spelling a policy".

/// A search whose three policies are written the shortest way, each inferred from its literal.
struct SearchState: RestorableState {
    static let kind = "search"
    static let currentVersion = 1
    static let defaultValue = SearchState(query: "")
    static let maxRecordBytes = 4 * 1024  // or `: Int?`, or `{ 4 * 1024 }`
    static let historyDepth = 3  // or `: Int?` (nil keeps none)
    static let expiresAfter = Duration.seconds(86_400)  // or `: Duration?`, or `{ .seconds(86_400) }`

    var query: String
}

// ScreenKinds.md: the article screens.

/// The catalog screen (MVC with an explicit view state), restored and persisted.
@MainActor
func restoreCatalog(restorer: StateRestorer, key: SceneKey, books: [CatalogBook]) -> (CatalogScreenModel, PersistenceTracking) {
    let restored = restorer.restore(CatalogViewState.self, key, against: CatalogDocument(books: books))
    let screen = restored.makeScreenModel()  // screen.lastAdjustments: "selection cleared"…
    return (screen, restorer.persist(screen, from: restored))
}

/// The zones screen (ModelAdapter-ViewBinder): no model, and nothing to persist, without choices.
@MainActor
func restoreZones(restorer: StateRestorer, key: SceneKey, choices: [ZoneChoice]) -> (ZoneModel, PersistenceTracking)? {
    let restored = restorer.restore(ZonesState.self, key, against: choices)
    guard let zones = restored.makeZoneModel() else {
        restorer.completeRestore(restored)  // applied: the screen shows "no choices"
        return nil
    }
    return (zones, restorer.persist(zones, from: restored))
}

/// The shelf (MVVM): the newest snapshot this build reads, its drafts reconciled.
@MainActor
func restoreHomeShelf(restorer: StateRestorer, loader: any ShelfLoading) -> ShelfViewModel {
    restorer.restoreShelf("home").makeViewModel(loader: loader)
}

/// Saves the shelf's rows, query and open drafts as a new snapshot (the newest 3 are kept).
@MainActor
func saveHomeShelf(_ shelf: ShelfViewModel, restorer: StateRestorer) throws {
    if let snapshot = shelf.snapshot { try restorer.saveShelf(snapshot, shelf: "home") }
}
