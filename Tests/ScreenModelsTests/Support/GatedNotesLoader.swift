import ScreenModels

/// A notes loader whose calls wait at a ``Gate`` until the test releases them.
struct GatedNotesLoader: NotesLoading {
    let gate: Gate<[Note]>
    func load() async throws -> [Note] { try await gate.enter() }
}
