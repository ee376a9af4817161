// swift-tools-version:6.0
// An app's own kinds, screens and tests on the library's public products only: a package of its
// own beside the library, depending on it by path as an app depends on a release, so nothing
// package-internal (`package` declarations, `@testable`, the repository's test support) is in
// reach. `.ci/run` builds and tests it. Each test target is a folder of Tests/.
import Foundation
import PackageDescription

// A package depended on by path is known by its folder's name, whatever the checkout is called.
let library = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized
let engine = library.lastPathComponent

let package = Package(
    name: "EmbeddingExample",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    dependencies: [.package(path: "../..")],
    targets: [
        // The reader and podcast apps' kinds, screens and launches, with their tests. Its format
        // histories (Formats/<kind>) and its field report (Reports/) are read from the source
        // tree, where recording writes.
        .testTarget(
            name: "EmbeddingExampleTests",
            dependencies: [
                .product(name: "StateRestore", package: engine),
                .product(name: "StateRestoreTesting", package: engine),
                .product(name: "ScreenKinds", package: engine),
                .product(name: "ScreenModels", package: engine),
            ],
            exclude: ["Formats", "Reports"]
        ),
        // A kind's policies as an app spells them: every spelling here must take effect.
        .testTarget(
            name: "KindSpellingTests",
            dependencies: [.product(name: "StateRestore", package: engine), .product(name: "StateRestoreTesting", package: engine)]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// The spellings that must not compile, each a file of Rejected/ whose first line names the
// compiler's message (`// expect: …`), as one target built only when KIND_SPELLING_REJECTED is
// set: `.ci/spellings` builds it and expects every file refused (one compile reports them all).
if Context.environment["KIND_SPELLING_REJECTED"] != nil {
    package.targets.append(.target(name: "RejectedSpellings", dependencies: [.product(name: "StateRestore", package: engine)], path: "Rejected"))
}

for target in package.targets {
    target.swiftSettings = (target.swiftSettings ?? []) + [.enableUpcomingFeature("ExistentialAny")]
}
