import Foundation

/// Executables built by `swift build` beside the test bundle in `.build/<configuration>`.
enum BuiltProducts {
    /// The executable named `name`, or nil when it was not built.
    static func executable(named name: String) -> URL? {
        var folders = [Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent()]
        folders += Bundle.allBundles.map { $0.bundleURL.deletingLastPathComponent() }
        return folders.map { $0.appendingPathComponent(name) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }
}
