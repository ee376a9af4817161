import ScreenKinds
import StateRestore
import StateStore

/// The `--kind K` option: one of the kinds the tool knows, `catalog` when absent.
enum KindOption {
    /// The kind `name` given with `--kind` to the command at `commandPath` (subcommand names
    /// below the root), among `kinds` (``FormatsOption/kinds(in:)`` of `formats`, the value of
    /// `--formats`); `catalog` when `name` is `nil`. An unknown name is a usage error.
    static func kind(named name: String?, among kinds: [RecordKind], formats: String?, commandPath: [String]) throws -> RecordKind {
        guard let name else { return RecordKind.builtIn[0] }
        guard let kind = kinds.first(where: { $0.name == name }) else {
            let known = kinds.map(\.name).joined(separator: ", ")
            let hint =
                if let formats { "; --formats \(formats) has no folder for it" } else {
                    "; an app's kind needs --formats DIR, the folder of its recorded formats"
                }
            throw CommandFailure(
                .usage, "restorectl \(commandPath.joined(separator: " ")): unknown --kind \(UsageError.quoted(name)); known kinds: \(known)\(hint)")
        }
        return kind
    }

    /// The value of `--kind` when it is a kind name (1–64 characters of `a`–`z`, `0`–`9` and
    /// `-`), known to this build or not; otherwise a usage error.
    static func validName(_ name: String, commandPath: [String]) throws -> String {
        guard (try? StoreNames.validatedKind(name)) != nil else {
            throw CommandFailure(
                .usage, "restorectl \(commandPath.joined(separator: " ")): --kind \(UsageError.quoted(name)) is not a kind name (1 to 64 characters of a-z, 0-9 and -)")
        }
        return name
    }
}
