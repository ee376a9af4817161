import StateRestore

extension SaveCommand {
    /// The options of `restorectl save`.
    struct Options: ParsableOptions {
        @Option(.database) var database: String
        @Option(.scene) var scene: String
        @Option(.account) var account: String?
        /// `catalog` when absent: resolved when the command runs, among the built-in kinds and
        /// those of `--formats` (``KindOption/kind(named:among:formats:commandPath:)``).
        @Option(.kind) var kind: String?
        /// The app's format folders, read when the command runs.
        @Option(.formats) var formats: String?
        /// A file, or `-` for standard input.
        @Option(name: "state", valueName: "FILE|-", help: "The record to store (- reads standard input).") var stateFile: String
        @Flag(name: "replace-newer", help: "Replace a stored record of a newer format than this build reads.") var replacesNewer: Bool

        /// `--scene` and `--account`, names for a new write (a bad one is exit 65).
        var key: SceneKey {
            get throws { try InputFiles.sceneKey(scene: scene, account: account) }
        }

        func validate() throws {
            _ = try key
        }
    }
}
