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

/// A screen's launch code: restore, make the model, persist it.
@MainActor
func launchReader(
    restorer: StateRestorer, writer: CoalescingWriter, library: [Int: Int]
) throws -> (ReaderModel, PersistenceTracking) {
    let key = try SceneKey(scene: "reader-window")  // account defaults to "default"
    let restored = restorer.restore(ReaderState.self, key, against: library)
    let reader = ReaderModel(restored.state)
    let tracking = writer.persist(for: key, carrying: restored.carriedFields) {
        ReaderState(bookID: reader.bookID, page: reader.page, fontSize: reader.fontSize)
    }
    restorer.completeRestore(restored)  // the app applied it: clear the crash mark
    return (reader, tracking)  // keep the tracking as long as the screen
}

/// The app's life around it: no save call anywhere.
@MainActor
func runReaderApp(statePath: String, library: [Int: Int]) throws {
    let restorer = StateRestorer(path: statePath)  // opens, migrates or recovers; never throws
    let writer = try CoalescingWriter(path: statePath)  // coalesced writes, own connection
    let (reader, tracking) = try launchReader(restorer: restorer, writer: writer, library: library)

    reader.page += 1  // every change the closure reads is saved, coalesced

    // Going to the background: hand over this turn's change, then write everything pending.
    tracking.saveCurrentState()
    try writer.flush()
    try writer.close()
    restorer.close()
}
