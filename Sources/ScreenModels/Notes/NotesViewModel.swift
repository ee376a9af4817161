import Foundation
import Observation

/// The notes screen's observable state and its bounded asynchronous reload.
///
/// - Each reload takes a generation; only the newest reload may publish.
/// - A cancelled reload never publishes its result, even if the loader ignores cancellation.
/// - A response with duplicate note IDs is rejected with a message; existing notes stay.
/// - A failed reload keeps existing notes and sets a message.
/// - The selection is a loaded note's ID; an accepted reload that no longer lists it clears it.
///
/// Initialization has no effects; the owner (``NotesFeatureHost``) starts and cancels loads.
/// Restoring is construction with the saved facts:
/// `NotesViewModel(loader: loader, query: savedQuery, selectedNoteID: savedSelection)`; the
/// restored selection is checked against the first accepted reload.
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
    /// The selected note's ID, or `nil`. It may be hidden by the query; change it with ``select(_:)``.
    public private(set) var selectedNoteID: Int?
    /// Whether the notes shown are a load's accepted result and the latest reload did not fail:
    /// what ``NotesFreshness/session`` keeps without loading again.
    public var hasFreshNotes: Bool { hasAcceptedLoad && message == nil && !isLoading }
    @ObservationIgnored private var hasAcceptedLoad = false

    /// Creates a model; `query` and `selectedNoteID` restore a saved filter and selection.
    ///
    /// The restored selection is kept until the first accepted reload, which clears it if that
    /// note is gone. Creating a model starts no work.
    public init(loader: any NotesLoading, query: String = "", selectedNoteID: Int? = nil) {
        self.loader = loader
        self.query = query
        self.selectedNoteID = selectedNoteID
    }

    /// Selects a loaded note, or clears the selection with `nil`; IDs of notes not loaded are ignored.
    public func select(_ noteID: Int?) {
        guard noteID.map({ id in notes.contains { $0.id == id } }) ?? true else { return }
        selectedNoteID = noteID
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
            hasAcceptedLoad = true
            if let selected = selectedNoteID, !loaded.contains(where: { $0.id == selected }) {
                selectedNoteID = nil
            }
        } catch {
            guard ticket == generation else { return }
            isLoading = false
            if error is CancellationError || Task.isCancelled { return }
            message = "Notes could not be refreshed."
        }
    }
}
