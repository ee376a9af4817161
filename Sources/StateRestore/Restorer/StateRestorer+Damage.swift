import StateStore

extension StateRestorer {
    /// Runs a write against the store. When it finds the file damaged (`SQLITE_CORRUPT`, a
    /// missing table…), the file is moved aside as a restore would (`database-corrupt` joins
    /// `databaseReport`) and the write runs once more against the fresh database, so a launch
    /// that restored around the damage can still save.
    func recoveringFromDamage<T>(_ body: (Store) throws -> T) throws -> T {
        guard let store else { throw RestoreError.databaseUnusable(databaseReport.last?.detail ?? "the database cannot be written") }
        do {
            return try body(store)
        } catch let error as SQLiteError where error.indicatesDamage {
            recoverFromCorruption(reason: error.message)
        } catch MigrationError.corrupt(_, let reason) {
            recoverFromCorruption(reason: reason)
        }
        guard let fresh = self.store else { throw RestoreError.databaseUnusable(databaseReport.last?.detail ?? "the database cannot be written") }
        return try body(fresh)
    }
}
