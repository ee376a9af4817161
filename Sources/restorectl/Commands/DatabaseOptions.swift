/// The options of the commands that take only `--db PATH [--json]`: `status` and
/// `quarantine list`.
struct DatabaseOptions: ParsableOptions {
    @Option(.database) var database: String
    @Flag(.json) var json: Bool
}

extension DatabaseOptions {
    /// The database a command line names (`--db PATH` or `--db=PATH`), for a failure's message;
    /// nil when it names none.
    static func database(in arguments: [String]) -> String? {
        for (index, argument) in arguments.enumerated() {
            if argument == "--db", index + 1 < arguments.count { return arguments[index + 1] }
            if argument.hasPrefix("--db=") { return String(argument.dropFirst(5)) }
        }
        return nil
    }
}
