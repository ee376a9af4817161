import ScreenModels

/// The controller's side of detail loading, as a gate: it starts a load for every new
/// `.loading` request the screen model shows, and each load finishes only when the test says so.
final class ControlledDetails {
    private(set) var started: [CatalogDetailRequest] = []
    private let screen: CatalogScreenModel

    init(screen: CatalogScreenModel) {
        self.screen = screen
        screen.detailChanged = { [weak self] in self?.paneChanged($0) }
        paneChanged(screen.detail)  // a restored selection needs its load too
    }

    private func paneChanged(_ pane: CatalogDetailPane) {
        guard case .loading(let request) = pane, !started.contains(request) else { return }
        started.append(request)
    }

    /// Delivers the answer to the `index`-th started load, however late.
    func complete(_ index: Int, summary: String) {
        let request = started[index]
        screen.send(.detailLoaded(CatalogBookDetail(bookID: request.bookID, summary: summary), for: request))
    }

    /// Delivers a failure for the `index`-th started load.
    func fail(_ index: Int) {
        screen.send(.detailFailed(started[index]))
    }
}
