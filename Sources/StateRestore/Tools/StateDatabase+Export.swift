import StateStore

extension StateDatabase {
    /// Writes a redacted export of the database at `path` to the new file `output`
    /// (``Store/writeRedactedExport(of:to:migrator:redacting:)`` with a ``RecordRedaction``):
    /// names hashed under a key written nowhere, every string of every payload replaced by a
    /// placeholder of its length, except values the recorded shapes of `kinds` list.
    ///
    /// - Returns: each table written with its row count.
    /// - Throws: `StoreError.fileNotFound` when there is no file at `path`; otherwise as
    ///   ``Store/writeRedactedExport(of:to:migrator:redacting:)``. Nothing is written then.
    package static func exportRedacted(_ path: String, to output: String, kinds: [RecordKind]) throws -> [ExportedTable] {
        try requireExistingFile(path)
        return try Store.writeRedactedExport(
            of: path, to: output, migrator: StateMigrations.makeMigrator(upgrading: kinds), redacting: RecordRedaction(kinds: kinds))
    }
}
