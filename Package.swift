// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "restorectl",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "StateStore", targets: ["StateStore"]),
        .library(name: "StateRestore", targets: ["StateRestore"]),
        .library(name: "ScreenModels", targets: ["ScreenModels"]),
        .executable(name: "restorectl", targets: ["restorectl"]),
        .executable(name: "restorectl-bench", targets: ["restorectl-bench"]),
    ],
    targets: [
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        .executableTarget(name: "MigrationEmbedder"),
        .plugin(
            name: "EmbedMigrationsPlugin",
            capability: .buildTool(),
            dependencies: ["MigrationEmbedder"],
            path: "Sources/EmbedMigrationsPlugin"
        ),
        .target(
            name: "StateStore",
            dependencies: ["CSQLite"],
            plugins: ["EmbedMigrationsPlugin"]
        ),
        .target(name: "ScreenModels"),
        .target(name: "StateRestore", dependencies: ["StateStore", "ScreenModels"]),
        .executableTarget(name: "restorectl", dependencies: ["StateRestore", "StateStore"]),
        // Release-mode benchmark: the engine against raw SQLite, JSON files and UserDefaults.
        .executableTarget(
            name: "restorectl-bench",
            dependencies: ["StateRestore", "StateStore", "ScreenModels", "CSQLite"],
            exclude: ["README-section.md"]
        ),
        .testTarget(name: "StateStoreTests", dependencies: ["StateStore"]),
        .testTarget(name: "ScreenModelsTests", dependencies: ["ScreenModels"]),
        .testTarget(name: "StateRestoreTests", dependencies: ["StateRestore", "StateStore", "ScreenModels"]),
        .testTarget(name: "restorectlTests", dependencies: ["restorectl", "StateRestore", "StateStore"]),
    ],
    swiftLanguageModes: [.v6]
)

// Stricter checks for every Swift target, in one place.
for target in package.targets where target.type != .system && target.type != .plugin {
    target.swiftSettings = (target.swiftSettings ?? []) + [
        .enableUpcomingFeature("ExistentialAny"),
    ]
}
