import ScreenKinds
import ScreenModels
import StateRestore
import StateStore

/// The data every workload uses, built the same way for the engine and its alternatives.
enum BenchData {
    /// Makes the file a launch workload restores: this build's schema and one format-1 catalog
    /// record of `key`.
    static func makeLaunchFile(at path: String, for key: SceneKey) throws {
        let store = try Store(path: path, migrator: StateMigrations.makeMigrator())
        defer { store.close() }
        try store.saveRecord(formatOneRecord, version: 1, account: key.account, scene: key.scene, kind: "catalog")
    }

    /// A catalog document of `count` books with distinct, searchable titles.
    static func document(books count: Int) -> CatalogDocument {
        CatalogDocument(books: (1...count).map { CatalogBook(id: $0, title: "Book \($0) of the \(shelves[$0 % shelves.count]) shelf") })
    }

    private static let shelves = ["history", "poetry", "science", "travel", "fiction", "cooking", "music"]

    /// A format-1 record (no `version`): what an old release saved, upgraded on every restore.
    static let formatOneRecord = #"{"query":"poetry","selectedID":5006,"colour":"blue"}"#

    /// The view state of one keystroke's save: the query grows, the selection moves.
    static func state(_ step: Int) -> CatalogViewState {
        CatalogViewState(
            query: "poe\(step % 97)", selectedID: 1 + step % 500, showsOnlySelected: step % 2 == 0,
            viewport: CatalogViewport(anchorID: 1 + step % 500, offset: 0.25, before: [1, 2, 3], after: [4, 5, 6])
        )
    }

    /// The record the engine writes for `state`, encoded once for the raw twin and alternatives.
    static func payload(_ state: CatalogViewState) -> String {
        do { return try RecordCodec<CatalogViewState>.encode(state) } catch { preconditionFailure("a bench state always encodes: \(error)") }
    }
}
