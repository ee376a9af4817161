import StateRestore

/// The reader app: one restorer for its database file, and the screen it keeps persisted.
@MainActor
final class ReaderApp {
    let restorer: StateRestorer
    let reader: ReaderModel
    let tracking: PersistenceTracking  // keeps the reader persisted while the app holds it

    init(statePath: String, library: [Int: Int]) throws {
        let restorer = StateRestorer(path: statePath)  // opens, creates, migrates or recovers; never throws
        (reader, tracking) = try launchReader(restorer: restorer, library: library)
        self.restorer = restorer
    }

    /// Going to the background: write everything pending.
    func didEnterBackground() throws { try restorer.flush() }

    /// Quitting: write everything pending and close the file.
    func willTerminate() throws { try restorer.close() }
}
