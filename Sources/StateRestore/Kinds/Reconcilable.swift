/// A ``RestorableState`` that must be checked against the app's current data before a screen
/// uses it: a selection that was deleted, a scroll anchor that moved.
///
/// ```swift
/// extension ReaderState: Reconcilable {
///     func reconciled(against library: [Int: Int]) -> Reconciled<ReaderState> {  // book → pages
///         guard let bookID, let pages = library[bookID] else { return Reconciled(self) }
///         var state = self
///         state.page = min(page, pages)
///         return Reconciled(state, adjustments: state == self ? [] : [
///             RestoreReportEntry(RestoreCode("page-clamped"), "page \(page) is past the end; showing \(pages)")
///         ])
///     }
/// }
/// let restored = restorer.restore(ReaderState.self, key, against: library)
/// ```
public protocol Reconcilable: RestorableState {
    /// The current data the state is checked against (a document, a list of notes…).
    associatedtype Context: Sendable
    /// The state adjusted to `context`, with one report entry per adjustment.
    func reconciled(against context: Context) -> Reconciled<Self>
}
