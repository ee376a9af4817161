extension DiscardCommand {
    /// The options of `restorectl discard`.
    struct Options: ParsableOptions {
        @Option(.database) var database: String
        @Option(.scene) var scene: String
        /// `nil` for the scene in every account.
        @Option(name: "account", valueName: "A", help: "Only this account's scene (default: the scene in every account).")
        var account: String?

        /// The scene and account are names an older build may have stored (a bad one is exit 65).
        func validate() throws {
            _ = try InputFiles.sceneKey(scene: scene, account: account, stored: true)
        }
    }
}
