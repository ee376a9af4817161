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
    /// refusal, when `error` is a migration of it the storage refused and the file is still
    /// nobody's but this open's: it holds no row (checked on the connection, before it
    /// closes), no connection of this process or another has it open (SQLite's lock bytes),
    /// and it is the file the open made (device and inode). Nil otherwise: a file someone else
    /// opened or saved into is never removed (the connection is left open when the file holds a
    /// row or `error` is not such a refusal, and closed when only the removal was refused).
    static func removingWhatTheFailedCreationMade(_ database: Database, _ error: any Error) -> StoreError? {
        guard let made = database.madeFile, let refusal = error as? StoreError, case .migrationFailed(_, _, let underlying) = refusal, underlying.isStorageFault,
            (try? database.holdsRows(besides: ["schema_history", "store_meta"])) == false
        else { return nil }
        database.close()
        guard DatabaseSiblings.removeDatabaseTheFailedOpenMade(at: database.path, madeAs: made) else { return nil }
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
