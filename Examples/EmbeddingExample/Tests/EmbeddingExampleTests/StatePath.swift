import Foundation

/// The state database's path: one file per user, in a folder the app owns.
func makeStatePath() throws -> String {
    let folder = try FileManager.default.url(for: .applicationSupportDirectory, in: .userDomainMask, appropriateFor: nil, create: true)
    return folder.appendingPathComponent("state.sqlite").path
}
