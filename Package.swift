// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "restorectl",
    // The oldest releases with every runtime feature the library uses: function types with
    // typed throws (stored in RecordKind, passed to Database.fetchOne) need the Swift 6 runtime
    // of macOS 15 / iOS 18 / tvOS 18 / watchOS 11 / visionOS 2, which also covers Observation
    // (the notes and catalog models). CSQLite links the system's libsqlite3 there.
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "StateStore", targets: ["StateStore"]),
        .library(name: "StateRestore", targets: ["StateRestore"]),
        .library(name: "ScreenModels", targets: ["ScreenModels"]),
        .library(name: "ScreenKinds", targets: ["ScreenKinds"]),
        .library(name: "StateRestoreTesting", targets: ["StateRestoreTesting"]),
        .executable(name: "restorectl", targets: ["restorectl"]),
        .executable(name: "restorectl-bench", targets: ["restorectl-bench"]),
    ],
    targets: [
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        // What the build's embedder and the store both read from a migration's text, alike: the
        // header's declaration (readable-by, writable-by; the embedder refuses a migration
        // without it), the tables and indexes it creates, drops and renames, and its checksum
        // (SHA-256). The embedder derives them once, at build time, so a launch derives nothing.
        .target(name: "MigrationHeader"),
        .executableTarget(name: "MigrationEmbedder", dependencies: ["MigrationHeader"]),
        .plugin(
            name: "EmbedMigrationsPlugin",
            capability: .buildTool(),
            dependencies: ["MigrationEmbedder"],
            path: "Sources/EmbedMigrationsPlugin"
        ),
        .target(
            name: "StateStore",
            dependencies: ["CSQLite", "MigrationHeader"],
            plugins: ["EmbedMigrationsPlugin"]
        ),
        // Test-only: an SQLite VFS that injects I/O errors and disk-full failures.
        .target(name: "CFaultInjection", linkerSettings: [.linkedLibrary("sqlite3")]),
        // The strict JSON layer (exact number kinds, key order, duplicate keys refused, limits)
        // and its Codable bridge; no dependencies (see Sources/JSON/README.md).
        .target(name: "JSON", exclude: ["README.md"]),
        .target(name: "ScreenModels"),
        // The engine, for any screen: it knows no screen of its own.
        .target(name: "StateRestore", dependencies: ["JSON", "MigrationHeader", "StateStore"]),
        // The article screens as kinds of the engine: catalog, notes, zones and shelf formats,
        // their documents, the built-in kind list, and the hand-over to ScreenModels' models.
        .target(name: "ScreenKinds", dependencies: ["JSON", "StateRestore", "StateStore", "ScreenModels"]),
        // What an app's test target uses to keep its kinds' format history honest: the shape
        // lock and samples of every format restored through the real engine (FormatHistory).
        // It imports no test framework, so Swift Testing and XCTest both use it.
        .target(name: "StateRestoreTesting", dependencies: ["JSON", "StateRestore", "StateStore"]),
        .executableTarget(name: "restorectl", dependencies: ["JSON", "StateRestore", "StateStore", "StateRestoreTesting", "ScreenKinds", "ScreenModels"]),
        // libFuzzer harness for the record and document decoders (see .ci/fuzz); not a product.
        .executableTarget(name: "restorectl-fuzz", dependencies: ["StateRestore", "StateStore", "ScreenKinds", "ScreenModels"]),
        // Child process for the crash and concurrency tests; not a product.
        .executableTarget(name: "restorectl-stress", dependencies: ["JSON", "StateStore", "StateRestore", "StateRestoreTesting", "ScreenKinds", "ScreenModels"]),
        // Release-mode benchmark: the engine against raw SQLite, JSON files and UserDefaults.
        .executableTarget(
            name: "restorectl-bench",
            dependencies: ["JSON", "StateRestore", "StateStore", "StateRestoreTesting", "ScreenKinds", "ScreenModels", "CSQLite", "CFaultInjection"]
        ),
        // Test-only: temporary directories, the built restorectl-stress and restorectl run as
        // child processes, and the schema "builds" the compatibility tests run the engine as.
        .target(name: "TestSupport", dependencies: ["StateStore", "CSQLite"], path: "Tests/TestSupport"),
        .testTarget(name: "StateStoreTests", dependencies: ["StateStore", "MigrationHeader", "CFaultInjection", "TestSupport"]),
        // StateStore only for the package's one lock type (`Locked`), which the tests' logs use.
        .testTarget(name: "ScreenModelsTests", dependencies: ["ScreenModels", "StateStore"]),
        .testTarget(name: "JSONTests", dependencies: ["JSON"]),
        .testTarget(
            name: "StateRestoreTests",
            dependencies: ["JSON", "StateRestore", "StateStore", "StateRestoreTesting", "ScreenKinds", "ScreenModels", "TestSupport"]
        ),
        // The built-in kinds' format histories (Formats/<kind>), checked as an app checks its own.
        .testTarget(name: "ScreenKindsFormatTests", dependencies: ["ScreenKinds", "ScreenModels", "StateRestore", "StateRestoreTesting"], exclude: ["Formats"]),
        // Simulated power loss through CFaultInjection's write-back-cache VFS, across the store
        // and the library's writers (StateRestore), so it depends on both.
        .testTarget(
            name: "PowerLossTests",
            dependencies: ["JSON", "StateRestore", "StateStore", "StateRestoreTesting", "ScreenKinds", "ScreenModels", "CFaultInjection", "TestSupport"]
        ),
        .testTarget(name: "restorectlTests", dependencies: ["restorectl", "JSON", "StateRestore", "StateStore", "ScreenKinds", "ScreenModels", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)

// Stricter checks for every Swift target, in one place (C targets take no Swift settings).
let cTargets: Set = ["CFaultInjection"]
for target in package.targets where target.type != .system && target.type != .plugin && !cTargets.contains(target.name) {
    target.swiftSettings =
        (target.swiftSettings ?? []) + [
            .enableUpcomingFeature("ExistentialAny")
        ]
}

// CI (.ci/run) builds some targets apart or not at all: RESTORECTL_LEAVE_OUT names, separated by
// spaces, the targets (and their products) a build leaves out. Its sanitizer builds leave out the
// benchmark (its smoke run uses the debug build) and the fuzzer, which no test there runs. Unset,
// as in every other build, the package is whole.
if let leftOut = Context.environment["RESTORECTL_LEAVE_OUT"] {
    let omitted = Set(leftOut.split(separator: " ").map(String.init))
    package.targets.removeAll { omitted.contains($0.name) }
    package.products.removeAll { omitted.contains($0.name) }
}

// CI's sanitizer builds (.ci/run) instrument the code under test and not the tests:
// RESTORECTL_SANITIZE=address (or thread) builds every library, executable and support target
// with that sanitizer and links its runtime into every product, and compiles the test targets as
// a plain build does. What it checks is unchanged (the engine, the tool and the stress child run
// instrumented, in the test process and as its children), and the test targets' instrumented
// code generation, 44 % of the largest one's compile under the address sanitizer, is not paid.
// CI compiles no test target in those builds at all: it links their test product from the debug
// build's test objects (.ci/link-sanitized-tests). Unset, nothing changes.
if let sanitizer = Context.environment["RESTORECTL_SANITIZE"], !sanitizer.isEmpty {
    for target in package.targets where target.type == .regular || target.type == .executable {
        if cTargets.contains(target.name) {
            target.cSettings = (target.cSettings ?? []) + [.unsafeFlags(["-fsanitize=\(sanitizer)"])]
        } else {
            target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(["-sanitize=\(sanitizer)"])]
        }
        target.linkerSettings = (target.linkerSettings ?? []) + [.unsafeFlags(["-sanitize=\(sanitizer)"])]
    }
}
