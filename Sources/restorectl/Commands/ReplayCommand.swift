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
            the strings the export replaced (a selection by a string ID does). As a regression test: --record FILE writes each \
            scene's outcome (its report's codes and its restored state as JSON, or why it was not restored) to an expectations \
            file, and nothing else; --expect FILE compares each scene's outcome with it, and exits 1 printing each difference, \
            naming the scene, when one differs, is missing or is new. Scenes are in the order of account, scene and kind, each \
            compared byte by byte. It reads the database only: it never creates, migrates, moves or rewrites it. A missing \
            database or expectations file exits 66, a malformed expectations file 65, and so does a newer database this \
            build may not read (its readable-by is above this build's schema), before any scene is listed.
            """,
        usage: "restorectl replay --db PATH [--formats DIR] [--document FILE] [--expect FILE | --record FILE] [--json]",
        action: .parsing(run)
    )

    static func run(_ options: Options, console: Console) throws -> ExitCode {
        let path = options.database
        let contexts = try self.contexts(kinds: FormatsOption.kinds(in: options.formats), documentFile: options.documentFile, console: console)
        if options.expectFile != nil && options.recordFile != nil {
            throw CommandFailure(.usage, "restorectl replay: give at most one of --expect FILE and --record FILE")
        }
        let expected = try options.expectFile.map { file in
            try InputFiles.read(file, console: console, what: "expectations", decodingAs: "expectations") { data in
                try ReplayExpectations(json: JSONValue.parse(data))
            }
        }
        let outcome = try StateDatabase.replay(path, restoring: contexts, configuration: .toolReading)
        let notRestored = outcome.notRestored.map { record in (record: record, reason: reason(record)) }
        let expectations = ReplayExpectations(outcome, notRestoredBecause: reason)
        if let recordFile = options.recordFile {
            return try record(expectations, to: recordFile, beside: path, json: options.json, console: console)
        }
        if let expected, let expectFile = options.expectFile {
            return compare(expectations, with: expected, file: expectFile, path: path, json: options.json, console: console)
        }
        if options.json {
            let skipped: [JSONValue] = notRestored.map {
                .object(["account": .string($0.record.account), "scene": .string($0.record.scene), "kind": .string($0.record.kind), "reason": .string($0.reason)])
            }
            JSONOutput.print(.object(["db": .string(path), "restored": .array(outcome.restored.map(JSONOutput.restoration)), "notRestored": .array(skipped)]), to: console)
            return .success
        }
        // The scenes restored and those not, as one list in the order of account, scene and
        // kind (by bytes), as the help says: the scenes not restored came after all the others.
        var scenes: [(order: [[UInt8]], lines: [String])] = outcome.restored.map { summary in
            let codes = summary.report.isEmpty ? "restored exactly as saved" : summary.report.map(\.code.rawValue).joined(separator: ", ")
            let lines = ["\(summary.key) (\(summary.kind)): \(codes)"] + summary.report.map { "  \($0.code.rawValue): \($0.detail)" }
            return (ReplayExpectations.order(account: summary.key.account, scene: summary.key.scene, kind: summary.kind), lines)
        }
        for (record, reason) in notRestored {
            let line = "scene \(StoreNames.quoted(record.scene)) of account \(StoreNames.quoted(record.account)) (\(record.kind)): not restored: \(reason)"
            scenes.append((ReplayExpectations.order(account: record.account, scene: record.scene, kind: record.kind), [line]))
        }
        scenes.sort { ReplayExpectations.precedes($0.order, $1.order) }
        for scene in scenes { scene.lines.forEach(console.print) }
        return .success
    }

    /// Why `record` was not restored.
    private static func reason(_ record: StoredRecordSummary) -> String {
        RecordKind.builtIn(named: record.kind) != nil
            ? "kind \(record.kind) is restored against a document, and --document holds none of its data"
            : "kind \(record.kind) is neither built in nor in --formats"
    }

    /// `--record FILE`: writes the expectations, and nothing else (a file beside it only for
    /// the atomic replacement). What is at `file` must be an expectations file (one `--record`
    /// wrote, recorded again), or nothing: any other file (another database, a document) is
    /// refused, and so are a link (dangling or not), a folder, a FIFO, a path ending in a slash,
    /// the database replayed and the names of its own files (`-wal`, `-journal`…). Nothing is
    /// written when it is refused.
    private static func record(_ expectations: ReplayExpectations, to file: String, beside database: String, json: Bool, console: Console) throws -> ExitCode {
        if let refusal = DatabasePath.refusal(of: file) {
            throw CommandFailure(.noInput, "expectations \(refusal.localizedDescription); nothing was written")
        }
        if let kind = SiblingFile.kindOfNonRegularFile(at: file) {
            throw CommandFailure(.cannotCreate, "expectations \(file) is \(kind), not a regular file; nothing was written")
        }
        do {
            try Store.refuseOwnFile(file, of: database)
        } catch {
            throw CommandFailure(.cannotCreate, "expectations \(error.message); nothing was written")
        }
        if let other = notExpectations(at: file) {
            throw CommandFailure(
                .cannotCreate, "expectations \(file) already exists and is not an expectations file (\(other)); nothing was written: name another file, or remove it first")
        }
        do {
            try Data(expectations.fileText.utf8).write(to: URL(fileURLWithPath: file), options: .atomic)
        } catch {
            let code = systemError(of: error)
            let cause = code.map(SystemErrorCause.describe) ?? error.localizedDescription
            // Out of space or failing storage is an I/O error; a missing folder or a refusal, a file that cannot be made.
            let status: ExitCode = [ENOSPC, EDQUOT, EIO].contains(code ?? 0) ? .ioError : .cannotCreate
            throw CommandFailure(status, "expectations \(file): cannot be written: \(cause); nothing was written")
        }
        if json {
            JSONOutput.print(.object(["record": .string(file), "scenes": JSONOutput.int(expectations.scenes.count)]), to: console)
        } else {
            console.print("Recorded the outcome of \(expectations.scenes.count) scene(s) in \(file).")
        }
        return .success
    }

    /// The operating system's error number under Foundation's error for a failed write: the
    /// underlying POSIX error where Foundation keeps one, else the number its code stands for.
    private static func systemError(of error: any Error) -> Int32? {
        if let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return Int32(underlying.code)
        }
        switch (error as? CocoaError)?.code {
        case .fileWriteOutOfSpace?: return ENOSPC
        case .fileWriteVolumeReadOnly?: return EROFS
        case .fileWriteNoPermission?: return EACCES
        case .fileNoSuchFile?, .fileWriteInvalidFileName?: return ENOENT
        default: return nil
        }
    }

    /// Why the regular file at `file` is not an expectations file `--record` may replace, or
    /// nil when it is one, when it is empty (it holds nothing to lose), or when there is none.
    private static func notExpectations(at file: String) -> String? {
        guard FileManager.default.fileExists(atPath: file) else { return nil }
        guard let data = FileManager.default.contents(atPath: file) else { return "it cannot be read" }
        guard !data.isEmpty else { return nil }
        do {
            _ = try ReplayExpectations(json: JSONValue.parse(data))
            return nil
        } catch {
            return error.localizedDescription
        }
    }

    /// `--expect FILE`: each scene's outcome against the expectations; exit 1 when one differs.
    private static func compare(
        _ expectations: ReplayExpectations, with expected: ReplayExpectations, file: String, path: String, json: Bool, console: Console
    ) -> ExitCode {
        let differences = expectations.differences(from: expected)
        if json {
            let listed: [JSONValue] = differences.map { .object(["scene": .string($0.scene), "differences": .array($0.lines.map(JSONValue.string))]) }
            JSONOutput.print(
                .object(["db": .string(path), "expect": .string(file), "matches": .bool(differences.isEmpty), "differences": .array(listed)]), to: console)
        } else if differences.isEmpty {
            console.print("Every scene's outcome (\(expectations.scenes.count)) is the one \(file) expects.")
        } else {
            for difference in differences {
                console.print("\(difference.scene):")
                for line in difference.lines { console.print("  \(line)") }
            }
        }
        guard differences.isEmpty else {
            console.printError("restorectl: \(differences.count) scene(s) differ from \(file)")
            return .outcomesDiffer
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
