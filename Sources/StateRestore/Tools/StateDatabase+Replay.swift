import StateStore

extension StateDatabase {
    /// Restores every record of the existing file at `path` through one reading restorer (the
    /// launch's read path, `configuration`), each kind by its context in `contexts`, by name;
    /// a record of a kind without one is listed as not restored. Reads only.
    ///
    /// - Throws: `StoreError.fileNotFound` when there is no file; `StoreError` for a
    ///   foreign or corrupt one, whose records cannot be listed.
    package static func replay(
        _ path: String, restoring contexts: [String: DocumentContext], configuration: DatabaseConfiguration
    ) throws -> ReplayOutcome {
        let file = try requireExistingFile(path)
        let records = try recordSummaries(file)
        let restorer = StateRestorer(file: file, configuration: configuration)
        defer { try? restorer.close() }
        var outcome = ReplayOutcome()
        for record in records {
            guard let context = contexts[record.kind] else {
                outcome.notRestored.append(record)
                continue
            }
            outcome.restored.append(context.restore(try SceneKey(storedScene: record.scene, account: record.account), with: restorer))
        }
        return outcome
    }

    /// Every record's place, kind, version and size in the existing `file`, ordered by
    /// account, scene and kind (none in a file without a schema); reads only. A newer file this
    /// build may not read is refused as every reading verb refuses it (`databaseNewer`, 65),
    /// before any of its names is listed.
    private static func recordSummaries(_ file: DatabaseFile) throws -> [StoredRecordSummary] {
        let store = try openForReading(file)
        defer { store.close() }
        guard store.schemaVersion >= 1 else { return [] }
        return try store.recordSummaries()
    }
}
