import StateRestore

extension PortableCommand {
    /// The options of `restorectl portable`.
    struct Options: ParsableOptions {
        @Option(.database) var database: String
        @Option(.scene) var scene: String
        @Option(.account) var account: String?
        /// `catalog` when absent, as for `restore`.
        @Option(.kind) var kind: String?
        @Option(.formats) var formats: String?
        @Option(name: "device", valueName: "ID", help: "The device id the record says wrote it (default: restorectl).") var device: String?
        @Option(name: "build", valueName: "B", help: "The app build the record says wrote it (default: the tool's version).") var build: String?
        @Option(name: "budget", valueName: "N", help: "The most bytes the record may take (default: 3072).") var budget: Int?

        /// `--scene` and `--account`, names an older build may have stored (a bad one is exit 65).
        var key: SceneKey {
            get throws { try InputFiles.sceneKey(scene: scene, account: account, stored: true) }
        }

        func validate() throws {
            _ = try key
            if let budget, budget < 1 { throw CommandFailure(.usage, "restorectl portable: --budget must be at least 1 byte") }
        }
    }
}
