import Foundation
import JSON
import StateRestore
import StateStore

/// `restorectl history`: one scene's record of a kind and the earlier records its history
/// keeps, with the build that wrote each; reads only.
enum HistoryCommand {
    static let spec = CommandSpec(
        name: "history",
        abstract: "List a scene's record of one kind and the earlier records its history keeps.",
        discussion: """
            Number 0 is the stored record, 1 the newest earlier one; each with its format version, the oldest reader it \
            allows, the app build that wrote it, when it was saved and replaced, and its size. Only kinds that keep history \
            (historyDepth above 0) have earlier records. A scene with no record and no history of the kind exits 66, as \
            rollback does, naming the accounts that hold one for a scene of that name. Reads only: the file is left byte for byte.
            """,
        action: .parsing(run)
    )

    static func run(_ options: Options, console: Console) throws -> ExitCode {
        let key = try InputFiles.sceneKey(scene: options.scene, account: options.account, stored: true)
        let store = try StateDatabase.openForReading(options.database)
        defer { store.close() }
        let listing = try StateDatabase.history(of: key, kind: options.kind, in: store)
        // Nothing to list is what `rollback` refuses too: no such input (66), a wrong
        // --account named.
        do {
            try listing.requireRecord(of: key, kind: options.kind)
        } catch let error as RestoreError {
            throw CommandFailure(.noInput, error.noRecordSentence)
        }
        let rows = Self.rows(listing)
        if options.json {
            JSONOutput.print(
                .object([
                    "account": .string(key.account), "scene": .string(key.scene), "kind": .string(options.kind),
                    "records": .array(rows.map(\.json)),
                ]), to: console)
        } else {
            console.print("number\tversion\tmin-reader\tbuild\tupdated\treplaced\tbytes")
            rows.forEach { console.print($0.line) }
        }
        return .success
    }

    /// One listed record: number 0 the stored one, then the history newest first.
    struct Row {
        let number: Int, version: Int, minReaderVersion: Int?, build: String?, updatedAt: Double, replacedAt: Double?, bytes: Int

        var line: String {
            [
                "\(number)", "\(version)", minReaderVersion.map(String.init) ?? "-", build ?? "-", Timestamps.iso8601(updatedAt),
                replacedAt.map(Timestamps.iso8601) ?? "-", "\(bytes)",
            ].joined(separator: "\t")
        }

        var json: JSONValue {
            .object([
                "number": JSONOutput.int(number), "version": JSONOutput.int(version), "minReaderVersion": JSONOutput.optionalInt(minReaderVersion),
                "build": build.map(JSONValue.string) ?? .null, "updatedAt": .string(Timestamps.iso8601(updatedAt)),
                "replacedAt": replacedAt.map { .string(Timestamps.iso8601($0)) } ?? .null, "bytes": JSONOutput.int(bytes),
            ])
        }
    }

    static func rows(_ listing: StateDatabase.HistoryListing) -> [Row] {
        let current = listing.current.map {
            Row(
                number: 0, version: $0.version, minReaderVersion: $0.minReaderVersion, build: listing.currentBuild, updatedAt: $0.updatedAt,
                replacedAt: nil, bytes: $0.payload.count)
        }
        return (current.map { [$0] } ?? [])
            + listing.entries.enumerated().map { index, entry in
                Row(
                    number: index + 1, version: entry.version, minReaderVersion: entry.minReaderVersion, build: entry.build, updatedAt: entry.updatedAt,
                    replacedAt: entry.replacedAt, bytes: entry.payload.count)
            }
    }
}
