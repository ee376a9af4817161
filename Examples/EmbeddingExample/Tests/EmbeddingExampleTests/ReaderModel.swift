import Observation
import StateRestore

/// The app's model of the reader screen.
@MainActor @Observable
final class ReaderModel {
    var bookID: Int?
    var page: Int
    var fontSize: Double

    init(_ state: ReaderState) {
        (bookID, page, fontSize) = (state.bookID, state.page, state.fontSize)
    }
}
