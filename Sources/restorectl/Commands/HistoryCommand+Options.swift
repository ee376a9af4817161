extension HistoryCommand {
    /// The options of `restorectl history`.
    struct Options: ParsableOptions {
        @Option(.database) var database: String
        @Option(.scene) var scene: String
        @Option(.account) var account: String?
        /// Any kind name: the records are listed, not decoded.
        @Option(.historyKind) var kind: String
        @Flag(.json) var json: Bool

        /// `--kind` is a kind name (a usage error otherwise); the scene and account are names an
        /// older build may have stored (a bad one is exit 65).
        func validate() throws {
            _ = try KindOption.validName(kind, commandPath: ["history"])
            _ = try InputFiles.sceneKey(scene: scene, account: account, stored: true)
        }
    }
}
