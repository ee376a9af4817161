import Foundation

extension Store {
    /// Rolls back the transaction a dead writer left in the rollback journal beside `file`, as
    /// the first read of any writing connection does, and changes nothing else: no migration,
    /// no write. For a verb about to write whose reading check first was refused
    /// (``StoreError/isHotJournalRefusal``): its own writing open would roll the journal back.
    package static func rollBackDeadWritersJournal(of file: DatabaseFile) throws {
        let database = try Database(file, .readWrite(createIfMissing: false))
        defer { database.close() }
        _ = try database.fetchOne("PRAGMA user_version") { $0.int(0) }
    }
}
