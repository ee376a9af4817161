// swift-tools-version:6.0
// A kind's policies as an app spells them, in a package of its own that depends on restorectl's
// products by path, as an app's package does: every spelling in Tests/ must take effect (its
// tests run), every one in Rejected/ must fail to compile. `.ci/spellings` runs both.
import Foundation
import PackageDescription

/// The checkout this package sits in (two folders up): its identity is its folder's name.
let checkout = URL(fileURLWithPath: Context.packageDirectory).deletingLastPathComponent().deletingLastPathComponent()
let restorectl = Target.Dependency.product(name: "StateRestore", package: checkout.lastPathComponent)

let package = Package(
    name: "KindSpellings",
    platforms: [.macOS(.v15), .iOS(.v18)],
    dependencies: [.package(path: "../..")],
    targets: [
        .testTarget(name: "KindSpellingTests", dependencies: [restorectl])
    ],
    swiftLanguageModes: [.v6]
)

// The rejected spellings, each a file of Rejected/, as one target built only when
// KIND_SPELLING_REJECTED is set: the script expects the compiler to refuse every file of it,
// each with the message its first line names (one compile reports them all).
if Context.environment["KIND_SPELLING_REJECTED"] != nil {
    package.targets.append(.target(name: "RejectedSpellings", dependencies: [restorectl], path: "Rejected"))
}
