import Foundation

extension Store {
    /// Runs `body`, the migration of `database` just opened for writing; when the storage
    /// refuses one of its migrations (a full disk) on a file this open made, the file is
    /// removed whole, when that is safe (``removingWhatTheFailedCreationMade(_:_:)``), and the
    /// creation's refusal thrown: a new database is there complete, or not at all.
    package static func removingAFailedCreation<T>(of database: Database, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch {
            if let refused = removingWhatTheFailedCreationMade(database, error) { throw refused }
            throw error
        }
    }

    /// Closes `database` and removes the file its open made, and returns the creation's
    /// refusal, when `error` is the storage's refusal of its first read or of a migration of
    /// it and the file is still nobody's but this open's: it holds no row, no connection of
    /// this process or another has it open (SQLite's lock bytes), and it is the file the open
    /// made (device and inode). Nil otherwise: a file someone else opened or saved into is
    /// never removed (the connection is left open when the file holds a row or `error` is not
    /// such a refusal, and closed when only the removal was refused).
    ///
    /// Whether it holds a row is asked on the connection, before it closes. When the storage
    /// refuses that read as well (its shared memory could not grow on a full disk, failing
    /// the file's first read as it did), the file goes only while it is still as its creation
    /// left it (``DatabaseSiblings/removeDatabaseTheFailedOpenMade(at:madeAs:unlessWrittenSince:)``):
    /// a file published at schema 0 and refused at its first read was left there, and a
    /// launch then read it as read-only storage.
    static func removingWhatTheFailedCreationMade(_ database: Database, _ error: any Error) -> StoreError? {
        guard let made = database.madeFile, let refusal = error as? StoreError, isStorageFault(refusal) else { return nil }
        let holdsRows = try? database.holdsRows(besides: ["schema_history", "store_meta"])
        guard holdsRows != true else { return nil }
        database.close()
        guard DatabaseSiblings.removeDatabaseTheFailedOpenMade(at: database.path, madeAs: made, unlessWrittenSince: holdsRows == nil) else { return nil }
        return refusal.refusingCreation(of: database.path)
    }

    /// Whether `error`, from an open or a migration, is the storage's refusal.
    static func isStorageFault(_ error: any Error) -> Bool {
        switch error {
        case StoreError.migrationFailed(_, _, let underlying): underlying.isStorageFault
        case let error as StoreError: error.isStorageFault
        default: false
        }
    }
}
