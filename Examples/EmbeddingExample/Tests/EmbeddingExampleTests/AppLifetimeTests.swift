import StateRestore
import StateRestoreTesting
import Testing

/// The lifetime article's code runs as written: suspend and resume keep a save made in the
/// background, a discarded window restores defaults, a fresh window survives a prune, and a
/// sign-out leaves nothing and refuses the late save.
@MainActor
@Suite struct AppLifetimeTests {
    let file: TemporaryStateFile

    init() throws { file = try TemporaryStateFile() }

    @Test func theArticlesCallsRunAsAnAppCallsThem() throws {
        let restorer = StateRestorer(path: file.path)
        defer { try? restorer.close() }
        let window = try sceneKey(sessionID: "8F2C-window", account: "ada@example.com")
        try restorer.save(ReaderState(bookID: 1, page: 2, fontSize: 1), for: window)

        try sceneDidEnterBackground(restorer)
        try sceneWillEnterForeground(restorer)
        #expect(restorer.restore(ReaderState.self, window, against: [1: 10]).state.page == 2)

        #expect(try pruneOldWindows(restorer).isEmpty, "a window this process used is never pruned")
        #expect(try signOut("ada@example.com", restorer: restorer) == 1)
        #expect(throws: StoreError.accountSignedOut(account: "ada@example.com")) {
            try restorer.save(ReaderState(bookID: 1, page: 3, fontSize: 1), for: window)
        }

        let other = try sceneKey(sessionID: "closed-window", account: "grace")
        try restorer.save(ReaderState(bookID: 1, page: 5, fontSize: 1), for: other)
        try didDiscardSceneSessions(["closed-window"], restorer: restorer)
        #expect(restorer.restore(ReaderState.self, other, against: [1: 10]).reports(.noRecord))
    }
}
