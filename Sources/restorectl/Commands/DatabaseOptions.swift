/// The options of the commands that take only `--db PATH [--json]`: `status` and
/// `quarantine list`.
struct DatabaseOptions: ParsableOptions {
    @Option(.database) var database: String
    @Flag(.json) var json: Bool
}
