import ScreenKinds
import StateRestore

/// The `--kind K` option: one of the kinds this build knows, `catalog` when absent.
enum KindOption {
    static func kind(_ command: ParsedCommand) throws -> RecordKind {
        guard let name = try command.string(CommandTable.kind) else { return RecordKind.builtIn[0] }
        guard let kind = RecordKind.builtIn(named: name) else {
            let known = RecordKind.builtIn.map(\.name).joined(separator: ", ")
            throw CommandFailure(.usage, "restorectl \(command.path.joined(separator: " ")): unknown --kind \(UsageError.quoted(name)); known kinds: \(known)")
        }
        return kind
    }
}
