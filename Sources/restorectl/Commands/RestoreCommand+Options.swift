import StateRestore

extension RestoreCommand {
    /// The options of `restorectl restore`.
    struct Options: ParsableOptions {
        @Option(.database) var database: String
        @Option(.scene) var scene: String
        @Option(.account) var account: String?
        /// `catalog` when absent: resolved when the command runs, among the built-in kinds and
        /// those of `--formats` (``KindOption/kind(named:among:formats:commandPath:)``).
        @Option(.kind) var kind: String?
        /// The app's format folders, read when the command runs.
        @Option(.formats) var formats: String?
        /// Required for the built-in kinds, refused for an app's.
        @Option(name: "document", valueName: "FILE", help: "The current data to reconcile against (JSON); required for the built-in kinds.") var documentFile: String?
        /// Another device's portable record (`restorectl portable`'s output) to land instead of
        /// the stored record.
        @Option(name: "portable", valueName: "FILE", help: "Show what landing this portable record (restorectl portable's output) would restore.")
        var portableFile: String?
        @Flag(.json) var json: Bool

        /// `--scene` and `--account`, names an older build may have stored (a bad one is exit 65).
        var key: SceneKey {
            get throws { try InputFiles.sceneKey(scene: scene, account: account, stored: true) }
        }

        func validate() throws {
            _ = try key
        }
    }
}
