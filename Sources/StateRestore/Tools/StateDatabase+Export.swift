import StateStore

/// What a redacted export wrote: its tables, and the kinds whose field names it could not keep.
package struct RedactedExport: Sendable {
    /// Each table written with its row count.
    package var tables: [ExportedTable]
    /// The kinds of the file with no recorded shape in this build (an app's kind exported
    /// without its format folders), by name: every key of their records was replaced.
    package var kindsWithoutShapes: [String]
}

extension StateDatabase {
    /// Writes a redacted export of the database at `path` to the new file `output`
    /// (`Store.writeRedactedExport(of:to:migrator:redacting:)` with a ``RecordRedaction``):
    /// names hashed under a key written nowhere, every string and every key of every payload
    /// replaced by a placeholder of its length, except the field names and listed values of
    /// the recorded shapes of `kinds` and of `snapshotShapes`.
    ///
    /// - Returns: each table written with its row count, and the kinds without a shape.
    /// - Throws: `StoreError.fileNotFound` when there is no file at `path`; otherwise as
    ///   `Store.writeRedactedExport(of:to:migrator:redacting:)`. Nothing is written then.
    package static func exportRedacted(
        _ path: String, to output: String, kinds: [RecordKind], snapshotShapes: [RecordShape] = []
    ) throws -> RedactedExport {
        let file = try requireExistingFile(path)
        let redaction = RecordRedaction(kinds: kinds, snapshotShapes: snapshotShapes)
        let tables = try Store.writeRedactedExport(
            of: file, to: output, migrator: StateMigrations.makeMigrator(upgrading: kinds), redacting: redaction)
        return RedactedExport(tables: tables, kindsWithoutShapes: redaction.kindsWithoutShapes)
    }
}
