import Foundation
import Observation

/// The notes screen's observable state and its bounded asynchronous reload.
///
/// - Each reload takes a generation; only the newest reload may publish.
/// - A cancelled reload never publishes its result, even if the loader ignores cancellation.
/// - A response with duplicate note IDs is rejected with a message; existing notes stay.
/// - A failed reload keeps existing notes and sets a message.
///
/// Initialization has no effects; the owner (``NotesFeatureHost``) starts and cancels loads.
/// Restoring is construction with a saved query: `NotesViewModel(loader: loader, query: saved)`.
@MainActor
@Observable
public final class NotesViewModel {
    @ObservationIgnored private let loader: any NotesLoading
    @ObservationIgnored private var generation = 0

    /// The last accepted notes, in service order.
    public private(set) var notes: [Note] = []
    /// Whether the newest reload is still in flight.
    public private(set) var isLoading = false
    /// A message about the last reload's failure, or `nil`.
    public private(set) var message: String?
    /// The filter text; edited directly by the view.
    public var query: String

    /// Creates a model; `query` restores a saved filter.
    public init(loader: any NotesLoading, query: String = "") {
        self.loader = loader
        self.query = query
    }

    /// The notes whose titles contain the query, compared case-insensitively in the user's locale.
    public var visibleNotes: [Note] {
        notes.filter { query.isEmpty || $0.title.localizedCaseInsensitiveContains(query) }
    }

    /// Loads the notes and publishes them if this is still the newest, uncancelled reload.
    public func reload() async {
        generation += 1
        let ticket = generation
        isLoading = true
        message = nil
        do {
            let loaded = try await loader.load()
            try Task.checkCancellation()
            guard ticket == generation else { return }
            isLoading = false
            var seen = Set<Int>()
            if let duplicate = loaded.first(where: { !seen.insert($0.id).inserted }) {
                message = "The service returned note \(duplicate.id) more than once."
                return
            }
            notes = loaded
        } catch {
            guard ticket == generation else { return }
            isLoading = false
            if error is CancellationError || Task.isCancelled { return }
            message = "Notes could not be refreshed."
        }
    }
}
