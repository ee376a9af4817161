@testable import restorectl

/// The options of ``SampleCommands/migrate``, declared as a command's options type declares them.
struct SampleMigrateOptions: ParsableOptions {
    /// `--db PATH [--to N] [--dry-run] [--json]`.
    enum Option: DeclaredOption {
        /// `--db PATH`, required.
        case db
        /// `--to N`.
        case to
        /// `--dry-run`.
        case dryRun
        /// `--json`.
        case json

        /// The sample tree's specs.
        var spec: OptionSpec {
            switch self {
            case .db: SampleCommands.database
            case .to: SampleCommands.to
            case .dryRun: SampleCommands.dryRun
            case .json: SampleCommands.json
            }
        }
    }

    /// `--db`.
    let database: String
    /// `--to`, or `nil`.
    let target: Int?
    /// `--dry-run`.
    let isDryRun: Bool

    /// Reads `--db`, `--to` and `--dry-run`, but not `--json`.
    init(parsing command: OptionReader<Self>) throws {
        database = try command.requiredString(.db)
        target = try command.int(.to)
        isDryRun = try command.flag(.dryRun)
    }
}
