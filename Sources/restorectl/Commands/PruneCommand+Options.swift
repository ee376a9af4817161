extension PruneCommand {
    /// The options of `restorectl prune`.
    struct Options: ParsableOptions {
        @Option(.database) var database: String
        /// As given: read as seconds by ``seconds(_:)`` when the command runs.
        @Option(name: "unused-for", valueName: "AGE", help: "How long a scene must have gone unused: a number and d, h, m or s (90d).") var unusedForText: String
        @Flag(name: "dry-run", help: "List the scenes that would go; delete nothing.") var isDryRun: Bool
        @Flag(.json) var isJSON: Bool

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
