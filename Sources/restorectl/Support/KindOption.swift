import ScreenKinds
import StateRestore

/// The `--kind K` option: one of the kinds this build knows, `catalog` when absent.
enum KindOption {
    /// The kind `name` given with `--kind` to the command at `commandPath` (subcommand names
    /// below the root), `catalog` when `name` is `nil`; an unknown name is a usage error.
    static func kind(named name: String?, commandPath: [String]) throws -> RecordKind {
        guard let name else { return RecordKind.builtIn[0] }
        guard let kind = RecordKind.builtIn(named: name) else {
            let known = RecordKind.builtIn.map(\.name).joined(separator: ", ")
            throw CommandFailure(.usage, "restorectl \(commandPath.joined(separator: " ")): unknown --kind \(UsageError.quoted(name)); known kinds: \(known)")
        }
        return kind
    }
}
