import Foundation
import JSON
import ScreenKinds
import ScreenModels
import StateRestore
import StateStore

/// `restorectl shelf save|restore|list`: shelf snapshots from the command line.
enum ShelfCommand {
    /// `--shelf NAME`, for `save` and `restore`.
    static let shelf = OptionDeclaration(name: "shelf", valueName: "NAME", help: "The shelf's name.")

    static let spec = CommandSpec(
        name: "shelf",
        abstract: "Save, restore or list shelf snapshots (rows, revisions and rename drafts).",
        subcommands: [
            CommandSpec(
                name: "save",
                abstract: "Validate and store a shelf snapshot; the last few per shelf are kept.",
                discussion: """
                    The snapshot is format 2: {"version": 2, "query", "books": [{"id", "title", "revision"}], \
                    "fetchedAt": seconds since 1970, "drafts": [{"bookID", "baseRevision", "proposedTitle"}]}. \
                    Format 1, without "query", is still read (the query is then "").
                    """,
                action: .parsing(save)
            ),
            CommandSpec(
                name: "restore",
                abstract: "Restore a shelf's last readable snapshot, reconciling its drafts.",
                action: .parsing(restore)
            ),
            CommandSpec(
                name: "list",
                abstract: "List stored shelf snapshots.",
                action: .parsing(list)
            ),
        ]
    )

    static func save(_ options: SaveOptions, console: Console) throws -> ExitCode {
        let (shelf, account) = (options.shelf, options.account)
        let validated = try InputFiles.read(options.snapshotFile, console: console, what: "snapshot", decodingAs: "snapshot") {
            try ShelfSnapshotCodec.validateForSave($0)
        }
        let store = try FailureMapping.openForSaving(options.database)
        defer { store.close() }
        try validated.save(shelf: shelf, account: account, in: store)
        if let snapshot = validated.snapshot {
            console.print("Saved a snapshot of shelf \(StoreNames.quoted(shelf)) with \(snapshot.books.count) row(s) and \(snapshot.drafts.count) draft(s).")
        } else {
            console.print("Saved a format \(validated.version) snapshot of shelf \(StoreNames.quoted(shelf)) as given (newer than this build reads).")
        }
        return .success
    }

    static func restore(_ options: RestoreOptions, console: Console) throws -> ExitCode {
        let (shelf, account) = (options.shelf, options.account)
        let restorer = StateRestorer(file: try StateDatabase.requireExistingFile(options.database, refusingUnreadable: false), configuration: .toolReading)
        defer { try? restorer.close() }
        let restoration = restorer.restoreShelf(shelf, account: account)
        let conflicting = Set(restoration.conflictingDrafts.map(\.bookID))
        if options.json {
            let snapshot = restoration.snapshot
            JSONOutput.print(
                .object([
                    "shelf": .string(shelf), "account": .string(account),
                    "query": .string(snapshot?.query ?? ""),
                    "isStale": .bool(snapshot != nil),
                    "fetchedAt": snapshot.map { .double($0.fetchedAt.timeIntervalSince1970) } ?? .null,
                    "rows": .array(
                        (snapshot?.books ?? []).map { book in
                            .object(["id": JSONOutput.int(book.id), "title": .string(book.title), "revision": JSONOutput.int(book.revision)])
                        }),
                    "drafts": .array(
                        (snapshot?.drafts ?? []).map { draft in
                            .object([
                                "bookID": JSONOutput.int(draft.bookID), "baseRevision": JSONOutput.int(draft.baseRevision),
                                "proposedTitle": .string(draft.proposedTitle), "conflict": .bool(conflicting.contains(draft.bookID)),
                            ])
                        }),
                    "report": JSONOutput.report(restoration.report),
                ]), to: console)
            return .success
        }
        console.print("Shelf \(StoreNames.quoted(shelf)) of account \(StoreNames.quoted(account))\(restoration.snapshot == nil ? ": empty" : " (stale until the first refresh)")")
        let drafts = Dictionary((restoration.snapshot?.drafts ?? []).map { ($0.bookID, $0) }, uniquingKeysWith: { first, _ in first })
        for book in restoration.snapshot?.books ?? [] {
            var line = "  \(book.id)\t\(book.title)\tr\(book.revision)"
            if let draft = drafts[book.id] {
                line += "\t→ \"\(draft.proposedTitle)\" (draft on r\(draft.baseRevision)\(conflicting.contains(book.id) ? ", CONFLICT" : ""))"
            }
            console.print(line)
        }
        for entry in restoration.report { console.print("  \(entry.code.rawValue): \(entry.detail)") }
        return .success
    }

    static func list(_ options: ListOptions, console: Console) throws -> ExitCode {
        // An account no build could have stored (empty, too long) is refused, as by every verb.
        if let account = options.account {
            do { _ = try StoreNames.validatedStored(account, role: "account") } catch { throw CommandFailure(.dataError, error.localizedDescription) }
        }
        let store = try StateDatabase.openForReading(options.database)
        defer { store.close() }
        let snapshots = try store.snapshots(account: options.account)
        if options.json {
            JSONOutput.print(.array(snapshots.map(summaryJSON)), to: console)
        } else if snapshots.isEmpty {
            console.print("No shelf snapshots.")
        } else {
            snapshots.forEach { console.print(summaryLine($0)) }
        }
        return .success
    }

    static func summaryJSON(_ snapshot: StoredSnapshot) -> JSONValue {
        .object([
            "id": .integer(snapshot.id), "account": .string(snapshot.account), "shelf": .string(snapshot.collection),
            "version": JSONOutput.int(snapshot.version), "rows": JSONOutput.int(snapshot.rowCount),
            "size": JSONOutput.int(snapshot.payload.count),
            "fetchedAt": .string(Timestamps.iso8601(snapshot.fetchedAt)), "savedAt": .string(Timestamps.iso8601(snapshot.savedAt)),
        ])
    }

    static func summaryLine(_ snapshot: StoredSnapshot) -> String {
        "#\(snapshot.id)\t\(snapshot.account.escapingControlCharacters())\t\(snapshot.collection.escapingControlCharacters())\t\(snapshot.rowCount) rows\tfetched \(Timestamps.iso8601(snapshot.fetchedAt))"
    }
}
