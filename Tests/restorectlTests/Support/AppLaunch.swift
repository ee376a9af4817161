import ScreenKinds
import ScreenModels
import StateRestore

/// An app's launch on a database: what moves an unreadable record to the quarantine or a damaged
/// file aside, now that `restorectl restore` only reads and reports what a launch would do.
enum AppLaunch {
    /// Restores the catalog of `scene` of `account` as an app's launch does, and closes.
    @discardableResult
    static func restoreCatalog(at path: String, scene: String = "main", account: String = "default") throws -> Restoration<CatalogViewState> {
        let restorer = StateRestorer(path: path)
        defer { try? restorer.close() }
        return restorer.restore(CatalogViewState.self, try SceneKey(storedScene: scene, account: account), against: CatalogDocument(books: []))
    }
}
