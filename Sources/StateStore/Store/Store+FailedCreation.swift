import Foundation

extension Store {
    /// Runs `body`, the migration of `database` just opened for writing; when the storage
    /// refuses it (a full disk) on a file this open made, the file is removed whole and the
    /// creation's refusal thrown: a new database is there complete, or not at all.
    package static func removingAFailedCreation<T>(of database: Database, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch {
            if isStorageFault(error) {
                database.close()
                if let refused = removingWhatTheFailedCreationMade(database, error) { throw refused }
            }
            throw error
        }
    }

    /// The creation's refusal once the file a failed open of `database` made (closed) is
    /// removed whole; nil when it made none, or it could not be removed (in use).
    static func removingWhatTheFailedCreationMade(_ database: Database, _ error: any Error) -> StoreError? {
        guard database.madeFile, let refused = error as? StoreError, DatabaseSiblings.removeDatabaseTheFailedOpenMade(at: database.path) else { return nil }
        return refused.refusingCreation(of: database.path)
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
