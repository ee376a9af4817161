import StateRestore

extension PortableCommand {
    /// The options of `restorectl portable`.
    struct Options: ParsableOptions {
        /// `--db`, `--scene`, `--account` (names an older build may have stored), `--kind`
        /// (`catalog` when absent, as for `restore`) and `--formats`.
        let record = RecordOptions(namesMayBeStored: true)
        @Option(name: "device", valueName: "ID", help: "The device id the record says wrote it (default: restorectl).") var device: String?
        @Option(name: "build", valueName: "B", help: "The app build the record says wrote it (default: the tool's version).") var build: String?
        @Option(name: "budget", valueName: "N", help: "The most bytes the record may take (default: 3072).") var budget: Int?

        func validate() throws {
            _ = try record.key
            if let budget, budget < 1 { throw CommandFailure(.usage, "restorectl portable: --budget must be at least 1 byte") }
        }
    }
}
