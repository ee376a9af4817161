import Foundation
import ScreenKinds
import ScreenModels
import StateRestore

/// `restorectl restore`: the launch path, reading only. A missing database exits 66; every
/// other database outcome exits 0 with a report.
enum RestoreCommand {
    static let spec = CommandSpec(
        name: "restore",
        abstract: "Restore a window's state of one kind, reconciled against the current data.",
        discussion: """
            A built-in kind needs --document; an app's kind needs --formats. \
            The document is the data the state is reconciled against: for catalog {"books": [{"id": Int, "title": String}, ...]}, \
            for notes {"notes": [{"id": Int, "title": String}, ...]}, for zones {"choices": [{"id": String, "title": String}, ...]}. \
            An app's kind (--formats) takes no document: its record is read against the recorded shapes and defaults are laid \
            over it. It shows what a launch would restore and reads only: it never creates, migrates, moves, copies or rewrites a \
            file. A missing database exits 66; any other database outcome exits 0 with the default state and a report saying why, \
            and what a launch would do (move a damaged file aside, quarantine a record), which this command leaves undone. \
            With --portable FILE (restorectl portable's output, from another device) it shows what landing that record here \
            would restore instead, under the same rules; a file that is not a portable record of the kind exits 65.
            """,
        usage: "restorectl restore --db PATH --scene ID [--account A] [--kind K] (--document FILE | --formats DIR) [--portable FILE] [--json]",
        action: .parsing(run)
    )

    static func run(_ options: Options, console: Console) throws -> ExitCode {
        let key = try options.record.key
        let kind = try options.record.resolvedKind(commandPath: ["restore"])
        let context =
            try options.portableFile.map { try landing(of: kind, portableFile: $0, documentFile: options.documentFile, console: console) }
            ?? self.context(of: kind, documentFile: options.documentFile, console: console)
        let restorer = StateRestorer(file: try StateDatabase.requireExistingFile(options.record.database, refusingUnreadable: false), configuration: .toolReading)
        defer { try? restorer.close() }
        let summary = context.restore(key, with: restorer)
        if options.json {
            JSONOutput.print(JSONOutput.restoration(summary), to: console)
        } else {
            console.print(Summary.text(for: summary))
        }
        return .success
    }

    /// What landing the portable record in `portableFile` shows, against the document read
    /// from `documentFile` for a built-in kind; bytes that are not a portable record this build
    /// reads exit 65 before the database is opened.
    private static func landing(of kind: RecordKind, portableFile: String, documentFile: String?, console: Console) throws -> DocumentContext {
        let portable = try InputFiles.read(portableFile, console: console, what: "portable record")
        if let refusal = StateRestorer.portableRefusal(of: portable, kind: kind.name) {
            throw CommandFailure(.dataError, "invalid portable record \(portableFile): \(refusal)")
        }
        let document = try self.document(for: kind, documentFile: documentFile, console: console)
        do {
            guard let landing = try kind.landing(fromPortable: portable, document: document.map { [UInt8]($0) }) else {
                throw CommandFailure(.usage, "restorectl restore: kind \(kind.name) cannot land a portable record")
            }
            return landing
        } catch let error as DocumentDecodingError {
            throw CommandFailure(.dataError, "invalid document \(documentFile ?? ""): \(error.localizedDescription)")
        }
    }

    /// What `kind` is restored against: the document read from `documentFile` for a built-in
    /// kind (required), nothing for an app's kind read from `--formats` (a document is refused).
    private static func context(of kind: RecordKind, documentFile: String?, console: Console) throws -> DocumentContext {
        let document = try self.document(for: kind, documentFile: documentFile, console: console)
        guard let document, let documentPath = documentFile else {
            guard let own = kind.contextWithoutDocument else { throw CommandFailure(.software, "internal error: kind \(kind.name) has no context") }
            return own
        }
        do {
            guard let decoded = try kind.context(fromDocument: document) else {
                throw CommandFailure(.usage, "restorectl restore: kind \(kind.name) cannot be restored against a document")
            }
            return decoded
        } catch let error as DocumentDecodingError {
            throw CommandFailure(.dataError, "invalid document \(documentPath): \(error.localizedDescription)")
        }
    }

    /// The document `kind` is reconciled against: required for a built-in kind, refused for an
    /// app's kind read from `--formats` (nil).
    private static func document(for kind: RecordKind, documentFile: String?, console: Console) throws -> Data? {
        if kind.contextWithoutDocument != nil {
            guard documentFile == nil else {
                throw CommandFailure(.usage, "restorectl restore: kind \(kind.name) is read from --formats and takes no --document")
            }
            return nil
        }
        guard let documentPath = documentFile else {
            throw UsageError(command: "restorectl restore", kind: .missingRequiredOption("--document"))
        }
        return try InputFiles.read(documentPath, console: console, what: "document")
    }
}
