@testable import restorectl

/// The options of ``SampleCommands/migrate``, declared as a command's options type declares them.
struct SampleMigrateOptions: ParsableOptions {
    @Option(name: "db", valueName: "PATH", help: "The state database file.") var database: String
    @Option(name: "to", valueName: "N", help: "Stop at schema version N.") var target: Int?
    @Flag(name: "dry-run", help: "Print the plan without applying it.") var isDryRun: Bool
    @Flag(name: "json", help: "Print machine-readable output.") var json: Bool
}

/// Options of every kind the wrappers declare, for ``ParsableOptionsTests``.
struct SampleKindsOfOptions: ParsableOptions {
    @Option(name: "db", valueName: "PATH", help: "Required.") var database: String
    @Option(name: "account", valueName: "A", help: "Optional.") var account: String?
    @Option(name: "limit", valueName: "N", help: "With a default.") var limit = 10
    @Option(name: "scene", valueName: "ID", help: "Repeatable.") var scenes: [String]
    @Option(name: "id", valueName: "N", help: "Repeatable integers.") var ids: [Int]
    @Option(name: "kind", valueName: "K", help: "Words.", completion: .words(["a", "b"])) var kind: String?
    @Flag(name: "json", help: "A flag.") var json: Bool
    /// Not an option: enumeration skips it.
    var notAnOption = 0

    /// Refuses the account `refused`, to show validation runs once every option is read.
    func validate() throws {
        if account == "refused" { throw CommandFailure(.dataError, "refused account") }
    }
}

/// Options shared as a group, for ``ParsableOptionsTests``.
struct SampleGroup: OptionGroup {
    @Option(name: "db", valueName: "PATH", help: "The state database file.") var database: String
    @Option(name: "to", valueName: "N", help: "Stop at schema version N.") var target: Int?
}

/// ``SampleMigrateOptions`` with its first two options declared as a group.
struct SampleGroupedMigrateOptions: ParsableOptions {
    let group = SampleGroup()
    @Flag(name: "dry-run", help: "Print the plan without applying it.") var isDryRun: Bool
    @Flag(name: "json", help: "Print machine-readable output.") var json: Bool
}
