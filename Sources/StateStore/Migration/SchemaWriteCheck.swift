/// What a store's connection checks when it begins a write transaction: that the file's schema
/// is still one its build may write.
///
/// An app may migrate the file while an extension or an older build holds it open; once the
/// file's schema is above ``latestKnown`` and its recorded writable-by is too, every later
/// write of that connection is refused (`StoreError.databaseNewer` or
/// `.databaseNewerReadOnly`) before it changes anything. The check reads the schema version
/// only when the file's data version moved since the last check (a write by another
/// connection): a connection's own commits keep it, so a save usually costs no statement.
package struct SchemaWriteCheck: Sendable {
    /// The latest schema version the store's build knows.
    let latestKnown: Int
    /// The file's data version at the last check.
    var checkedDataVersion: UInt32
}

extension Database {
    /// Refuses the write transaction just begun (its lock held) when the file's schema is newer
    /// than the store's build may write; returns the data version it checked, nil without a check.
    func refuseUnwritableSchema() throws -> UInt32? {
        guard var check = schemaWriteCheck else { return nil }
        let version = dataVersion()
        guard version != check.checkedDataVersion else { return version }
        let schema = try fetchOne("PRAGMA user_version") { $0.int(0) } ?? 0
        if schema > check.latestKnown {
            let recorded = try RecordedCompatibility.read(from: self)
            guard let recorded, recorded.isWritable(byBuildAt: check.latestKnown) else {
                if let recorded, recorded.isReadable(byBuildAt: check.latestKnown) {
                    throw StoreError.databaseNewerReadOnly(path: path, schemaVersion: schema, latestKnown: check.latestKnown, writableBy: recorded.writableBy)
                }
                throw StoreError.databaseNewer(path: path, schemaVersion: schema, latestKnown: check.latestKnown)
            }
        }
        check.checkedDataVersion = version
        schemaWriteCheck = check
        return version
    }

    /// After this connection's own commit of a transaction that began at `checked`, which left
    /// the data version at `committed`: the schema it checked still holds (nothing else could
    /// write in between).
    func keepSchemaWriteCheck(acrossCommitFrom checked: UInt32?, committed: UInt32) {
        guard let checked, var check = schemaWriteCheck, check.checkedDataVersion == checked else { return }
        check.checkedDataVersion = committed
        schemaWriteCheck = check
    }
}
