import StateRestore

// The "An app's lifetime" article's code, verbatim (ReadmeExampleTests checks each block
// stands here; AppLifetimeTests runs it).

/// The key of a window's screens: the scene session's id, under the signed-in account.
func sceneKey(sessionID: String, account: String) throws -> SceneKey {
    try SceneKey(scene: sessionID, account: account)
}

/// The scene delegate's side of suspension: no lock is held while the app is in the background.
@MainActor
func sceneDidEnterBackground(_ restorer: StateRestorer) throws {
    try restorer.suspend()
}

/// Back in the foreground: the file reopens, and saves made meanwhile are written.
@MainActor
func sceneWillEnterForeground(_ restorer: StateRestorer) throws {
    try restorer.resume()
}

/// UIKit's `application(_:didDiscardSceneSessions:)`: the discarded sessions' ids.
func didDiscardSceneSessions(_ sessionIDs: [String], restorer: StateRestorer) throws {
    try restorer.discard(sceneIDs: sessionIDs)
}

/// Once a launch: forget windows unused for 90 days.
func pruneOldWindows(_ restorer: StateRestorer) throws -> [SceneKey] {
    try restorer.removeScenes(unusedFor: .seconds(90 * 86_400))
}

/// The person signs out: nothing of the account stays, and no late save brings it back.
func signOut(_ account: String, restorer: StateRestorer) throws -> Int {
    try restorer.signOut(account: account).records
}

/// A fixed release undoes what 1.4.2 (812) wrote into the reader screens.
func undoBadRelease(_ restorer: StateRestorer) throws -> Int {
    let result = try restorer.rollBack(kind: ReaderState.self, writtenBy: "1.4.2 (812)")
    return result.rolledBack.count  // refused: result.liveScenes, .pendingSaves, .signedOutScenes
}
