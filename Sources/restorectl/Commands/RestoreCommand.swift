import Foundation
import ScreenKinds
import ScreenModels
import StateRestore

/// `restorectl restore`: the launch path. Every database outcome exits 0 with a report.
enum RestoreCommand {
    static let spec = CommandSpec(
        name: "restore",
        abstract: "Restore a window's state of one kind, reconciled against the current data.",
        discussion: """
            The document is the data the state is reconciled against: for catalog {"books": [{"id": Int, "title": String}, ...]}, \
            for notes {"notes": [{"id": Int, "title": String}, ...]}, for zones {"choices": [{"id": String, "title": String}, ...]}. \
            No database outcome fails a restore: a newer, foreign or corrupt database yields the default state and a report saying why.
            """,
        action: .parsing(run)
    )

    static func run(_ options: Options, console: Console) throws -> ExitCode {
        let path = options.database
        let key = options.key
        let kind = options.kind
        let documentPath = options.documentFile
        let document = try InputFiles.read(documentPath, console: console, what: "document")
        let context: DocumentContext
        do {
            guard let decoded = try kind.context(fromDocument: document) else {
                throw CommandFailure(.usage, "restorectl restore: kind \(kind.name) cannot be restored against a document")
            }
            context = decoded
        } catch let error as DocumentDecodingError {
            throw CommandFailure(.dataError, "invalid document \(documentPath): \(error.localizedDescription)")
        }
        let restorer = StateRestorer(path: path, configuration: .tool)
        defer { try? restorer.close() }
        let summary = context.restore(key, with: restorer)
        if options.json {
            JSONOutput.print(JSONOutput.restoration(summary), to: console)
        } else {
            console.print(Summary.text(for: summary))
        }
        return .success
    }
}
