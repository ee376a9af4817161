import Foundation

/// Folders of the package checkout, found from this file's location.
enum PackageFolders {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let migrations = root.appendingPathComponent("Migrations")
    static let fixtures = root.appendingPathComponent("Fixtures")
}
