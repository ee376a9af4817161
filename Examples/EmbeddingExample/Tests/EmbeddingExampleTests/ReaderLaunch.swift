import StateRestore

/// A screen's launch code: restore, make the model, persist it.
@MainActor
func launchReader(restorer: StateRestorer, library: [Int: Int]) throws -> (ReaderModel, PersistenceTracking) {
    let key = try SceneKey(scene: "reader-window")
    let restored = restorer.restore(ReaderState.self, key, against: library)
    let reader = ReaderModel(restored.state)
    let tracking = restorer.persist(from: restored) { ReaderState(bookID: reader.bookID, page: reader.page, fontSize: reader.fontSize) }
    return (reader, tracking)  // keep the tracking as long as the screen
}

/// The app's life around it: no save call and no completion call anywhere.
@MainActor
func runReaderApp(statePath: String, library: [Int: Int]) throws {
    let restorer = StateRestorer(path: statePath)  // opens, migrates or recovers; never throws
    let (reader, tracking) = try launchReader(restorer: restorer, library: library)
    reader.page += 1  // every change the closure reads is saved, coalesced
    try restorer.close()  // at quit: hands over this turn's change, writes it, closes
    withExtendedLifetime(tracking) {}
}
