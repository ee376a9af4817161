import Foundation

/// What many apps do instead of a database: one JSON file per scene, written atomically
/// (temporary file + rename) with Foundation.
struct JSONFileStore {
    let folder: URL

    init(folder: String) throws {
        self.folder = URL(fileURLWithPath: folder, isDirectory: true)
        try FileManager.default.createDirectory(at: self.folder, withIntermediateDirectories: true)
    }

    private func url(account: String, scene: String) -> URL {
        folder.appendingPathComponent("\(account).\(scene).json")
    }

    func save(_ payload: String, account: String, scene: String) throws {
        try Data(payload.utf8).write(to: url(account: account, scene: scene), options: .atomic)
    }

    func load(account: String, scene: String) throws -> Data {
        try Data(contentsOf: url(account: account, scene: scene))
    }
}

/// The other thing apps do instead: `UserDefaults` holding the encoded record, synchronized
/// after each save so it reaches the disk like the others.
///
/// Its files live under `XDG_CONFIG_HOME`, which `main` points into a temporary folder before
/// anything touches `UserDefaults`, so the bench never writes into the user's own preferences.
struct DefaultsStore {
    let defaults: UserDefaults

    init(suite: String) throws {
        guard let defaults = UserDefaults(suiteName: suite) else {
            throw RawConnection.Failure(description: "UserDefaults(suiteName: \(suite)) is nil")
        }
        self.defaults = defaults
    }

    func save(_ payload: String, account: String, scene: String, synchronizing: Bool = true) {
        defaults.set(payload, forKey: "\(account)/\(scene)")
        if synchronizing { defaults.synchronize() }
    }

    func load(account: String, scene: String) -> String? {
        defaults.string(forKey: "\(account)/\(scene)")
    }
}
