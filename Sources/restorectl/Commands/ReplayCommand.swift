import Foundation
import JSON
import ScreenKinds
import StateRestore
import StateStore

/// `restorectl replay`: every record of a file (a redacted export, say) restored as the tool
/// can, read-only, with each report.
enum ReplayCommand {
    static let spec = CommandSpec(
        name: "replay",
        abstract: "Restore every scene of a database (a redacted export) as the tool can, and print each report.",
        discussion: """
            Each record is restored as `restorectl restore` would, in the order of account, scene and kind: a built-in kind \
            against --document (a kind whose data the document does not hold is listed as not restored), an app's kind from \
            --formats. The report codes of an export's replay are those of the original's where the outcome does not depend on \
            the strings the export replaced (a selection by a string ID does). It reads only: it never creates, migrates, moves or \
            rewrites a file. A missing database exits 66.
            """,
        usage: "restorectl replay --db PATH [--formats DIR] [--document FILE] [--json]",
        action: .parsing(run)
    )

    static func run(_ options: Options, console: Console) throws -> ExitCode {
        let path = options.database
        let contexts = try self.contexts(kinds: FormatsOption.kinds(in: options.formats), documentFile: options.documentFile, console: console)
        let outcome = try StateDatabase.replay(path, restoring: contexts, configuration: .toolReading)
        let notRestored = outcome.notRestored.map { record in
            let reason =
                RecordKind.builtIn(named: record.kind) != nil
                ? "kind \(record.kind) is restored against a document, and --document holds none of its data"
                : "kind \(record.kind) is neither built in nor in --formats"
            return (record: record, reason: reason)
        }
        if options.json {
            let skipped: [JSONValue] = notRestored.map {
                .object(["account": .string($0.record.account), "scene": .string($0.record.scene), "kind": .string($0.record.kind), "reason": .string($0.reason)])
            }
            JSONOutput.print(.object(["db": .string(path), "restored": .array(outcome.restored.map(JSONOutput.restoration)), "notRestored": .array(skipped)]), to: console)
            return .success
        }
        for summary in outcome.restored {
            let codes = summary.report.isEmpty ? "restored exactly as saved" : summary.report.map(\.code.rawValue).joined(separator: ", ")
            console.print("\(summary.key) (\(summary.kind)): \(codes)")
            for entry in summary.report { console.print("  \(entry.code.rawValue): \(entry.detail)") }
        }
        for (record, reason) in notRestored {
            console.print("scene \(StoreNames.quoted(record.scene)) of account \(StoreNames.quoted(record.account)) (\(record.kind)): not restored: \(reason)")
        }
        return .success
    }

    /// How each kind is restored: an app's kind from its formats, a built-in kind against the
    /// document when it holds that kind's data. A document that holds no kind's data is exit 65.
    private static func contexts(kinds: [RecordKind], documentFile: String?, console: Console) throws -> [String: DocumentContext] {
        var contexts: [String: DocumentContext] = [:]
        let document = try documentFile.map { try InputFiles.read($0, console: console, what: "document") }
        for kind in kinds {
            if let own = kind.contextWithoutDocument {
                contexts[kind.name] = own
            } else if let document, let context = try? kind.context(fromDocument: document) {
                contexts[kind.name] = context
            }
        }
        if let documentFile, !kinds.contains(where: { contexts[$0.name] != nil && $0.contextWithoutDocument == nil }) {
            throw CommandFailure(.dataError, "invalid document \(documentFile): it holds the data of none of the built-in kinds")
        }
        return contexts
    }
}
