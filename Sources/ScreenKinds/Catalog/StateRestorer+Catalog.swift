import ScreenModels
import StateRestore

extension StateRestorer {
    /// Restores `key`'s catalog view state, reconciled against `document`.
    @available(*, deprecated, message: "use restore(CatalogViewState.self, key, against: document)")
    public func restore(_ key: SceneKey, against document: CatalogDocument) -> CatalogRestoration {
        restore(CatalogViewState.self, key, against: document)
    }

    /// Saves the screen model's current view state for the restoration's scene.
    @available(*, deprecated, message: "use save(screen.viewState, for: restoration.key), or persist(screen, from: restoration)")
    public func save(_ screen: CatalogScreenModel, from restoration: CatalogRestoration) throws {
        try save(screen.viewState, for: restoration.key)
    }
}
