/// What an SQLite file is, as far as this project is concerned, read from its header alone.
public enum DatabaseOwnership: Equatable, Sendable {
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
    public func ownership() throws(SQLiteError) -> DatabaseOwnership {
        // One statement, so one snapshot: read separately, another process's first migration
        // could commit between the reads and make a new file look like a foreign one.
        let header = try fetchOne(
            """
            SELECT (SELECT application_id FROM pragma_application_id),
                   (SELECT user_version FROM pragma_user_version),
                   (SELECT count(*) FROM sqlite_schema)
            """
        ) { (applicationID: Int32(truncatingIfNeeded: $0.int64(0)), version: $0.int(1), objects: $0.int(2)) }
        guard let header else { return .empty }
        if header.applicationID == Database.applicationID { return .ours(schemaVersion: header.version) }
        return header.applicationID == 0 && header.objects == 0 ? .empty : .foreign(applicationID: header.applicationID)
    }
}
