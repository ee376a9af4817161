/// What an SQLite file is, as far as this project is concerned, read from its header alone.
package enum DatabaseOwnership: Equatable, Sendable {
    /// A new or zero-length file with no schema and no `user_version`: ours to initialise
    /// (at the path the app gave, never through a link).
    case empty
    /// One of ours, at this schema version (mirrored in `PRAGMA user_version`).
    case ours(schemaVersion: Int)
    /// Somebody else's database: never modify it.
    case foreign(applicationID: Int32)

    /// The schema version of a file of ours (0 for an empty one); another program's database,
    /// at `path`, is refused (``StoreError/foreignDatabase(path:applicationID:)``).
    func schemaVersion(refusingForeignAt path: String) throws(StoreError) -> Int {
        switch self {
        case .empty: 0
        case .ours(let schemaVersion): schemaVersion
        case .foreign(let applicationID): throw .foreignDatabase(path: path, applicationID: applicationID)
        }
    }
}

extension Database {
    /// Reads the header fields that say whose database this is. Reads nothing else, so it is
    /// cheap enough for every launch; a damaged header throws `SQLITE_NOTADB`/`SQLITE_CORRUPT`.
    package func ownership() throws -> DatabaseOwnership {
        try ownership { $0 }
    }

    /// Reads whose database this is (``ownership()``), then runs `body` with the answer in the
    /// same read transaction: what `body` reads (the schema check of a launch) sees the same
    /// snapshot, and pays for no transaction of its own (each costs two `fcntl` locks and an
    /// `fstat`). `body` must not write or change the journal mode.
    package func ownership<T>(_ body: (DatabaseOwnership) throws -> T) throws -> T {
        // One read transaction, so one snapshot: read separately, another process's first
        // migration could commit between the reads and make a new file look like a foreign one.
        // The first statement, held at its row until the end, keeps the read transaction it
        // began open, so the reads after it see its snapshot, without the BEGIN and ROLLBACK a
        // launch paid for it (two statements more to prepare and run). Plain pragmas are much
        // cheaper to prepare than the pragma table functions, and this runs at every launch.
        // Its statements run once per connection: prepared for it alone, not kept in the cache
        // until the connection closes.
        let header = try makeStatement("PRAGMA application_id")
        defer { header.reset() }
        let applicationID = try header.step() ? Int32(truncatingIfNeeded: header.int64(0)) : 0
        let ownership: DatabaseOwnership
        if applicationID == Database.applicationID {
            ownership = .ours(schemaVersion: try fetchOne("PRAGMA user_version", caching: false) { $0.int(0) } ?? 0)
        } else {
            // Empty only when nothing at all says whose it is: a file with no tables whose
            // `user_version` another program set is that program's (its pending steps would be
            // counted from that version, so a migration would lay out nothing and say so).
            let objects = try fetchOne("SELECT count(*) FROM sqlite_schema", caching: false) { $0.int(0) } ?? 0
            let isEmpty = try applicationID == 0 && objects == 0 && (fetchOne("PRAGMA user_version", caching: false) { $0.int(0) } ?? 0) == 0
            ownership = isEmpty ? .empty : .foreign(applicationID: applicationID)
        }
        return try body(ownership)
    }
}
