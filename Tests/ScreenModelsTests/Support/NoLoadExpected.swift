import ScreenModels
import Testing

/// A notes loader for places where no load may start: being called fails the test.
struct NoLoadExpected: NotesLoading {
    let context: String
    func load() async throws -> [Note] {
        Issue.record("A load started \(context)")
        throw CancellationError()
    }
}
