extension PruneCommand {
    /// The options of `restorectl prune`.
    struct Options: ParsableOptions {
        @Option(.database) var database: String
        @Option(name: "unused-for", valueName: "AGE", help: "How long a scene must have gone unused: a number and d, h, m or s (90d).") var unusedFor: Age
        @Flag(name: "dry-run", help: "List the scenes that would go; delete nothing.") var isDryRun: Bool
        @Flag(.json) var isJSON: Bool
    }

    /// The value of `--unused-for`: a positive whole number and one unit of d, h, m or s.
    struct Age: OptionValue {
        /// As given, for messages: `90d`.
        let text: String
        /// In seconds: 7,776,000 for `90d`.
        let seconds: Double

        /// Reads `90d`, `12h`, `30m` or `45s` (at most 100,000 of the unit); anything else is a
        /// usage error.
        init(argument text: String, for option: OptionSpec, in commandName: String) throws {
            let units: [Character: Double] = ["d": 86_400, "h": 3_600, "m": 60, "s": 1]
            guard let unit = text.last, let scale = units[unit], let count = Int(text.dropLast()), count > 0, count <= 100_000 else {
                throw CommandFailure(.usage, "\(commandName): \(option.spelling) takes a positive number and a unit of d, h, m or s (90d), not '\(text)'")
            }
            self.text = text
            seconds = Double(count) * scale
        }
    }
}
