/// What one window's detail pane shows.
///
/// `loading` names the request whose answer the pane waits for; the controller starts that load
/// and sends its outcome back with the same request, which the screen model accepts only while
/// it is still current.
public enum CatalogDetailPane: Equatable, Sendable {
    /// No book is shown: nothing is selected, or the policy hides the selection.
    case closed
    /// The detail of `request.bookID` is being loaded.
    case loading(CatalogDetailRequest)
    /// The detail arrived for the current request.
    case loaded(CatalogDetailRequest, CatalogBookDetail)
    /// The current request's load failed.
    case failed(CatalogDetailRequest)

    /// The book the pane is about, or `nil` when closed.
    public var bookID: Int? { request?.bookID }

    /// The request the pane belongs to, or `nil` when closed.
    public var request: CatalogDetailRequest? {
        switch self {
        case .closed: nil
        case .loading(let request), .loaded(let request, _), .failed(let request): request
        }
    }
}
