import StateRestore

extension PruneCommand {
    /// `restorectl prune --db PATH --unused-for AGE [--dry-run] [--json]`.
    struct Options: ParsableOptions {
        /// `--db PATH --unused-for AGE [--dry-run] [--json]`.
        enum Option: DeclaredOption {
            /// `--db PATH`, required.
            case db
            /// `--unused-for AGE`, required: `90d`, `12h`, `30m` or `45s`.
            case unusedFor
            /// `--dry-run`: list, delete nothing.
            case dryRun
            /// `--json`.
            case json

            /// The shared `--db` and `--json`, and the age and dry-run flag.
            var spec: OptionSpec {
                switch self {
                case .db: CommandTable.db
                case .unusedFor: .value("unused-for", valueName: "AGE", help: "How long a scene must have gone unused: a number and d, h, m or s (90d).", isRequired: true)
                case .dryRun: .flag("dry-run", help: "List the scenes that would go; delete nothing.")
                case .json: CommandTable.json
                }
            }
        }

        /// `--db`.
        let database: String
        /// `--unused-for` as given (read as seconds by ``seconds(_:)`` when the command runs).
        let unusedForText: String
        /// `--dry-run`.
        let isDryRun: Bool
        /// `--json`.
        let isJSON: Bool

        init(parsing command: OptionReader<Self>) throws {
            database = try command.requiredString(.db)
            unusedForText = try command.requiredString(.unusedFor)
            isDryRun = try command.flag(.dryRun)
            isJSON = try command.flag(.json)
        }

        /// `90d` → 7,776,000: a positive whole number and one unit of d, h, m or s.
        static func seconds(_ text: String) throws -> Double {
            let units: [Character: Double] = ["d": 86_400, "h": 3_600, "m": 60, "s": 1]
            guard let unit = text.last, let scale = units[unit], let count = Int(text.dropLast()), count > 0, count <= 100_000 else {
                throw CommandFailure(.usage, "restorectl prune: --unused-for takes a positive number and a unit of d, h, m or s (90d), not '\(text)'")
            }
            return Double(count) * scale
        }
    }
}
