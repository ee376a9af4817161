/// What an SQLite file is, as far as this project is concerned, read from its header alone.
package enum DatabaseOwnership: Equatable, Sendable {
    /// A new or zero-length file with no schema: ours to initialise.
    case empty
    /// One of ours, at this schema version (mirrored in `PRAGMA user_version`).
    case ours(schemaVersion: Int)
    /// Somebody else's database: never modify it.
    case foreign(applicationID: Int32)
}

extension Database {
    /// Reads the header fields that say whose database this is. Reads nothing else, so it is
    /// cheap enough for every launch; a damaged header throws `SQLITE_NOTADB`/`SQLITE_CORRUPT`.
    package func ownership() throws(StoreError) -> DatabaseOwnership {
        // One read transaction, so one snapshot: read separately, another process's first
        // migration could commit between the reads and make a new file look like a foreign one.
        // The first statement, held at its row until the end, keeps the read transaction it
        // began open, so the reads after it see its snapshot, without the BEGIN and ROLLBACK a
        // launch paid for it (two statements more to prepare and run). Plain pragmas are much
        // cheaper to prepare than the pragma table functions, and this runs at every launch.
        let header = try cachedStatement("PRAGMA application_id")
        defer { header.reset() }
        let applicationID = try header.step() ? Int32(truncatingIfNeeded: header.int64(0)) : 0
        if applicationID == Database.applicationID {
            return .ours(schemaVersion: try fetchOne("PRAGMA user_version") { $0.int(0) } ?? 0)
        }
        let objects = try fetchOne("SELECT count(*) FROM sqlite_schema") { $0.int(0) } ?? 0
        return applicationID == 0 && objects == 0 ? .empty : .foreign(applicationID: applicationID)
    }
}
