import Observation

/// Owns one ``NotesViewModel`` per feature identity (such as an account) and its load task,
/// the role SwiftUI's `@State` plus `.task` plays on Apple platforms.
///
/// - Construction has no effects; ``appear()`` starts the load, ``disappear()`` cancels it.
/// - Appearing again does not fetch again while the notes shown are fresh under the host's
///   ``NotesFreshness`` (by default, for the session: loaded once, and not failed since).
/// - Showing the same identity keeps the model and its local state.
/// - Showing a different identity cancels the old task and replaces the model (discarding
///   its query and selection, as `.id(accountID)` would); the old task can never publish into the new model.
///
/// ```swift
/// let host = NotesFeatureHost(identity: "alice", restoredQuery: saved) { NotesService(account: $0) }
/// host.appear()
/// host.show("bob")   // account switch: new model, new load
/// ```
@MainActor
@Observable
public final class NotesFeatureHost<Identity: Hashable & Sendable> {
    @ObservationIgnored private let makeLoader: @MainActor (Identity) -> any NotesLoading
    @ObservationIgnored private var loadTask: Task<Void, Never>?
    @ObservationIgnored private var isAppeared = false
    @ObservationIgnored private let freshness: NotesFreshness

    /// The identity the current model belongs to.
    public private(set) var identity: Identity
    /// The model owned for ``identity``.
    public private(set) var model: NotesViewModel

    /// Creates the host and its first model, seeded with a restored query and selection, and
    /// when an appearance loads again (`freshness`). Starts no work.
    public init(
        identity: Identity,
        restoredQuery: String = "",
        restoredSelectedNoteID: Int? = nil,
        freshness: NotesFreshness = .session,
        makeLoader: @escaping @MainActor (Identity) -> any NotesLoading
    ) {
        self.identity = identity
        self.makeLoader = makeLoader
        self.freshness = freshness
        self.model = NotesViewModel(loader: makeLoader(identity), query: restoredQuery, selectedNoteID: restoredSelectedNoteID)
    }

    /// Starts the model's load, as a view's task does when it appears, and returns that task.
    ///
    /// Appearing again while appeared returns the running task without starting another load.
    /// Appearing after a disappearance loads only when the notes shown are not fresh under the
    /// host's ``NotesFreshness``; otherwise it returns a task that does nothing.
    @discardableResult
    public func appear() -> Task<Void, Never> {
        if isAppeared, let loadTask { return loadTask }
        isAppeared = true
        if freshness == .session, model.hasFreshNotes {
            let keep = Task<Void, Never> {}
            loadTask = keep
            return keep
        }
        return startLoad()
    }

    /// Cancels the load task, as SwiftUI does when the view disappears.
    public func disappear() {
        isAppeared = false
        loadTask?.cancel()
        loadTask = nil
    }

    /// Shows the feature for `identity`. A new identity cancels the old load, replaces the
    /// model, and starts the new model's load if the feature is appeared; returns that task.
    @discardableResult
    public func show(_ identity: Identity) -> Task<Void, Never>? {
        guard identity != self.identity else { return nil }
        loadTask?.cancel()
        loadTask = nil
        self.identity = identity
        model = NotesViewModel(loader: makeLoader(identity))
        return isAppeared ? startLoad() : nil
    }

    private func startLoad() -> Task<Void, Never> {
        let model = model
        let task = Task { await model.reload() }
        loadTask = task
        return task
    }
}
