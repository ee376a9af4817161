import Foundation

extension Store {
    /// Moves the database at `source` to `destination`: copies it with SQLite's online backup
    /// API, verifies the copy (`integrity_check`, and every table holds as many rows as in the
    /// original), then removes the original with its `-wal`, `-shm` and guard file. An app
    /// adding its first widget moves its state into the app-group container this way.
    ///
    /// Nothing may have the file open: a connection of this process is refused with
    /// ``StoreError/fileInUse(path:)``, another process's with
    /// ``StoreError/fileOpenElsewhere(path:)``. When anything fails before the original is
    /// removed, the copy is removed and the original is left exactly as it was.
    ///
    /// - Parameters:
    ///   - source: the database to move; it must exist and be ours (any schema version).
    ///   - destination: the new path; nothing may exist there, and its folder must.
    ///   - configuration: the VFS the copy is written through.
    /// - Returns: the number of scene records moved.
    @discardableResult
    public static func relocate(from source: String, to destination: String, configuration: DatabaseConfiguration = DatabaseConfiguration()) throws -> Int {
        let source = try DatabasePath.resolved(source)
        // The destination's last component is never resolved: a link there is something that
        // exists, refused by the copy, not followed (its folder is, as every path's).
        let destination = DatabasePath.inResolvedFolder(destination)
        guard FileManager.default.fileExists(atPath: source) else { throw StoreError.fileNotFound(path: source) }
        try ensureUnused(source)
        var sourceConfiguration = configuration
        sourceConfiguration.access = .readWrite(createIfMissing: false)
        let counts: [String: Int]
        do {
            let database = try Database(path: source, configuration: sourceConfiguration)
            defer { database.close() }
            if case .foreign(let applicationID) = try Migrator.reading(source, { try database.ownership() }) {
                throw MigrationError.foreignDatabase(path: source, applicationID: applicationID)
            }
            counts = try Migrator.reading(source) { try rowCounts(database) }
            try database.backup(to: destination)
        }
        do {
            try verifyCopy(at: destination, matching: counts, configuration: configuration)
            try ensureUnused(source)
        } catch {
            for suffix in ["-wal", "-shm", "-journal", ""] { unlink(destination + suffix) }
            throw error
        }
        // The log first: a log left beside a path must never meet a new database there.
        for suffix in ["-wal", "-shm", "", "-guard"] { unlink(source + suffix) }
        return counts["scene_state"] ?? 0
    }

    /// Throws unless no connection, in this process or another, has `path` open.
    private static func ensureUnused(_ path: String) throws {
        guard !Database.hasOpenConnection(to: path) else { throw StoreError.fileInUse(path: path) }
        // Unopenable here (nil): the open that follows says why.
        guard DatabaseSiblings.withSQLiteLockBytesHeld(path) != false else { throw StoreError.fileOpenElsewhere(path: path) }
    }

    /// The copy at `path` passes `integrity_check` and holds `counts` rows per table.
    private static func verifyCopy(at path: String, matching counts: [String: Int], configuration: DatabaseConfiguration) throws {
        var copyConfiguration = configuration
        copyConfiguration.access = .readWrite(createIfMissing: false)
        let copy = try Database(path: path, configuration: copyConfiguration)
        defer { copy.close() }
        let problems = try copy.fetchAll("PRAGMA integrity_check") { $0.string(0) ?? "" }
        guard problems == ["ok"] else { throw StoreError.copyNotVerified(path: path, reason: problems.prefix(3).joined(separator: "; ")) }
        let copied = try rowCounts(copy)
        guard copied == counts else {
            let differing = counts.keys.sorted().filter { copied[$0] != counts[$0] }
            throw StoreError.copyNotVerified(path: path, reason: "row counts differ in \(differing.isEmpty ? "the table list" : differing.joined(separator: ", "))")
        }
    }

    /// The number of rows in each table of `database`.
    private static func rowCounts(_ database: Database) throws -> [String: Int] {
        var counts: [String: Int] = [:]
        for table in try database.tableNames() {
            counts[table] = try database.fetchOne("SELECT count(*) FROM \(Database.quotedIdentifier(table))") { $0.int(0) } ?? 0
        }
        return counts
    }
}
