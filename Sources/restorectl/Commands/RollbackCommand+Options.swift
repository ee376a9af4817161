import StateRestore

extension RollbackCommand {
    /// The options of `restorectl rollback`.
    struct Options: ParsableOptions {
        @Option(.database) var database: String
        @Option(.scene) var scene: String
        @Option(.account) var account: String?
        /// Any kind name: the records are put back, not decoded.
        @Option(.historyKind) var kind: String
        @Option(name: "to", valueName: "N", help: "Put back earlier record N (1: the newest; see restorectl history).") var entry: Int?
        @Option(name: "before-build", valueName: "B", help: "Put back the newest earlier record not written by build B, when B wrote the record.")
        var beforeBuild: String?
        @Flag(name: "dry-run", help: "Say which record would be put back; write nothing.") var isDryRun: Bool

        /// `--to` at least 1, `--before-build` not empty, and a kind name (usage errors
        /// otherwise); the scene and account are names an older build may have stored (a bad one
        /// is exit 65). That exactly one of the two is given is ``target``'s to check.
        func validate() throws {
            _ = try KindOption.validName(kind, commandPath: ["rollback"])
            if let entry, entry < 1 {
                throw CommandFailure(.usage, "restorectl rollback: --to takes an earlier record's number, 1 or more (see restorectl history), not \(entry)")
            }
            if let beforeBuild, beforeBuild.isEmpty {
                throw CommandFailure(.usage, "restorectl rollback: --before-build takes a build name, not an empty one")
            }
            _ = try InputFiles.sceneKey(scene: scene, account: account, stored: true)
        }

        /// What `--to` or `--before-build` names; a usage error unless exactly one is given.
        var target: StateDatabase.RollbackTarget {
            get throws {
                switch (entry, beforeBuild) {
                case (let entry?, nil): return .entry(entry)
                case (nil, let build?): return .beforeBuild(build)
                default: throw CommandFailure(.usage, "restorectl rollback: give exactly one of --to N and --before-build B")
                }
            }
        }
    }
}
