import CSQLite
import Foundation

extension Store {
    /// Moves the database at `source` to `destination`: copies it with SQLite's online backup
    /// API under a temporary name beside the destination, verifies the copy (`integrity_check`,
    /// and every table holds as many rows as in the original), links it into place and removes
    /// the original with its `-wal`, `-shm`, guard and live-scenes files. An app adding its first widget moves
    /// its state into the app-group container this way.
    ///
    /// From its last check to the removal of the original it holds the file's exclusive lock
    /// (`locking_mode=EXCLUSIVE` and an exclusive transaction): no other process can open it,
    /// let alone commit, so no save acknowledged anywhere is left behind in the old file. A
    /// process that had it open when the move began refuses the move (it might write later);
    /// one that opens it while the move holds the lock waits, then finds nothing at the old path
    /// but the move's note (`<db>-moved`, holding the new path): a restorer that opened the file
    /// before reports it moved, and anything opening the old path afresh is told where it went
    /// (``StoreError/movedTo(path:destination:)``); neither creates a file there.
    ///
    /// Nothing may have the file open: a connection of this process is refused with
    /// ``StoreError/fileInUse(path:)``, another process's with
    /// ``StoreError/fileOpenElsewhere(path:)``. When anything fails before the original is
    /// removed (its folder forbidding the removal included), the copy is removed and the
    /// original is left exactly as it was: a refused move leaves nothing behind.
    ///
    /// - Parameters:
    ///   - source: the database to move; it must exist, be ours (any schema version) and be the
    ///     file itself, not a link to it (what a link points at is never moved).
    ///   - destination: the new path; nothing may exist there, and its folder must.
    ///   - configuration: the VFS the copy is written through.
    /// - Returns: the number of scene records moved.
    @discardableResult
    package static func relocate(from source: String, to destination: String, configuration: DatabaseConfiguration = DatabaseConfiguration()) throws -> Int {
        try relocate(DatabaseFile(resolving: source), to: destination, configuration: configuration)
    }

    /// ``relocate(from:to:configuration:)`` of a file already resolved (a restorer's): a file
    /// its opener reached through a link is refused, as a link given here is.
    @discardableResult
    package static func relocate(_ file: DatabaseFile, to destination: String, configuration: DatabaseConfiguration = DatabaseConfiguration()) throws -> Int {
        let source = file.path
        // A file moved before says where it went (its note), as every other verb says.
        guard file.identity != nil else { throw file.refusalIfMissing() ?? StoreError.fileNotFound(path: source) }
        guard !file.isLinked else {
            throw StoreError.notARegularFile(path: file.requestedPath, kind: "a symlink (what a link points at is never moved; move \(source) itself)")
        }
        // A killed move's or creation's staging name beside the source is a second name of
        // it (the copy was linked in place): gone first, it refuses nothing.
        Database.removeStaleStagingFiles(of: file)
        try refuseOtherNames(of: source)
        // The destination's last component is never resolved: a link there is something that
        // exists, refused, not followed (its folder is, as every path's).
        if let refusal = DatabasePath.refusal(of: destination) { throw refusal }
        let destination = DatabasePath.inResolvedFolder(destination)
        try refuseCompanionName(destination, of: source)
        try refuseNonRegularCompanions(of: source)
        try Database.refuseExisting(destination, named: "the destination")
        if let refusal = DatabasePath.stagedCreationRefusal(of: destination, marker: ".moving-") { throw refusal }
        try refuseUnchangeable(source)
        try ensureUnused(file)
        let database = try Database(file, .readWrite(createIfMissing: false), configuration: configuration)
        // What a killed move to this path left beside it goes first (a whole copy of a database).
        Database.removeStaleStagingFiles(beside: destination, marked: [".moving-"])
        let staging = DatabasePath.stagingName(of: destination, marker: ".moving-")
        let counts: [String: Int]
        do {
            counts = try copyUnderExclusiveHold(database, source: source, to: staging, destination: destination, configuration: configuration)
        } catch {
            database.close()
            for suffix in ["-wal", "-shm", "-journal", ""] { unlink(staging + suffix) }
            // The destination the caller gave, not the copy made beside it first.
            throw (error as? StoreError)?.naming(staging: staging, as: destination) ?? error
        }
        // The hold lasts until the original is gone. The note is there already, so a process
        // that finds no file finds where it went (and creates nothing there, so the log removed
        // after the file never meets a new database). The file itself next: when its folder
        // forbids removing it, nothing of it is removed, the copy goes, and the move is refused;
        // two files each taking saves would drift apart, and the app would not know which one
        // it uses.
        guard unlink(source) == 0 else {
            let code = errno
            MovedDatabaseNote.remove(at: source)
            unlink(destination)
            database.close()
            throw StoreError.sqlite(
                extendedCode: SQLITE_IOERR | (10 << 8),  // SQLITE_IOERR_DELETE
                message: "cannot remove \(source) after copying it (\(SystemErrorCause.describe(code))); the copy at \(destination) was removed and nothing was moved",
                systemErrorCode: code)
        }
        for suffix in ["-wal", "-shm", "-guard", "-live"] { unlink(source + suffix) }  // each in `companionSuffixes`
        // Closing must neither checkpoint into the removed file nor delete a `-wal` by its name
        // (a new file's, by then).
        database.disableCheckpointOnClose()
        database.close()
        return counts["scene_state"] ?? 0
    }

    /// Throws when the move could not change what it must at `source`: remove the file (its
    /// folder), leave its note beside it, take its lock (the file, which read-only storage
    /// refuses). Checked before anything is copied, so the refusal names the cause (`EROFS`,
    /// `EACCES`) rather than the lock's failure on a file SQLite could open read-only only.
    static func refuseUnchangeable(_ source: String) throws(StoreError) {
        guard let (path, code) = DatabasePath.unwritable(fileOrFolderOf: source) else { return }
        throw StoreError.sqlite(
            extendedCode: SQLITE_IOERR | (13 << 8),  // SQLITE_IOERR_ACCESS
            message: "cannot move \(source): \(path) cannot be written (\(SystemErrorCause.describe(code))), and a move removes the original and leaves a note beside it; nothing was moved",
            systemErrorCode: code)
    }

    /// Throws when the file has more than one name (hard links): the move removes this name
    /// only, and a save through another would go on in the old file, beside no note, where the
    /// app at the new path never sees it.
    static func refuseOtherNames(of source: String) throws(StoreError) {
        var status = stat()
        guard lstat(source, &status) == 0, status.st_nlink > 1 else { return }
        throw StoreError.sqlite(
            extendedCode: SQLITE_CANTOPEN,
            message: "cannot move \(source): the file has \(status.st_nlink) names (hard links), and saves through another name would go on in the old "
                + "file, which the move takes from this name only; remove the other names first; nothing was moved",
            systemErrorCode: EMLINK)
    }

    /// The names a database's own files take beside it (its path and one of these): SQLite's
    /// log, index and journal, the crash-loop guard, the live scenes, and the note a move
    /// leaves. A move removes or writes each of them at the source's path.
    static let companionSuffixes = ["-wal", "-shm", "-journal", "-guard", "-live", "-moved"]

    /// Throws when `destination` is `source` with a companion's suffix, or `source` is
    /// `destination` with one, in the same folder (by device and inode, whatever path names
    /// it): a move would remove or overwrite its own copy when it cleans up beside the source,
    /// SQLite would take an export written there for the source's log or journal, and either
    /// would meet the other as its companion.
    static func refuseCompanionName(_ destination: String, of source: String) throws(StoreError) {
        let (destinationFolder, destinationName) = DatabasePath.split(destination)
        let (sourceFolder, sourceName) = DatabasePath.split(source)
        // By bytes: `café.db-wal` spelled decomposed is another file than composed `café.db`'s log.
        if areOneFile(destinationFolder, sourceFolder),
            let suffix = companionSuffixes.first(where: { destinationName.afterBytes(of: sourceName) == $0 || sourceName.afterBytes(of: destinationName) == $0 })
        {
            let (database, companion) = destinationName.utf8.count > sourceName.utf8.count ? (source, destination) : (destination, source)
            throw StoreError.sqlite(
                extendedCode: SQLITE_CANTOPEN,
                message: "\(destination) cannot be written beside \(source): \(companion) is the name of the \(suffix) file of \(database), one of the database's own files; choose another name",
                systemErrorCode: EINVAL)
        }
        // Another database's own file: a file there is named as the destination less one of
        // the suffixes. Written there, that database's next open removed it (a `-wal` or `-shm`
        // at its close, a `-journal` as a dead writer's) or laid its guard file out over it;
        // a move had removed the original, so the database was lost.
        for suffix in companionSuffixes {
            guard let base = destinationName.beforeBytes(ofSuffix: suffix), !base.isEmpty else { continue }
            let other = destinationFolder == "/" ? "/" + base : destinationFolder + "/" + base
            var status = stat()
            guard lstat(other, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { continue }
            throw StoreError.sqlite(
                extendedCode: SQLITE_CANTOPEN,
                message: "\(destination) is the name of the \(suffix) file of \(other), one of that database's own files, which its next open would remove or replace; choose another name",
                systemErrorCode: EINVAL)
        }
    }

    /// Throws when `output`, a file a verb is about to write (`replay --record`), is the
    /// database at `database` itself, by device and inode whatever path or link names either,
    /// or one of its own files beside it (``refuseCompanionName(_:of:)``): writing it would
    /// replace the database, or plant a log or journal SQLite would take for the database's.
    package static func refuseOwnFile(_ output: String, of database: String) throws(StoreError) {
        let resolved = (try? DatabaseFile(resolving: database))?.path ?? DatabasePath.absolute(database)
        if areOneFile(output, resolved) {
            throw StoreError.sqlite(
                extendedCode: SQLITE_CANTOPEN, message: "\(output) is the database \(database) itself; choose another name", systemErrorCode: EINVAL)
        }
        let output = DatabasePath.inResolvedFolder(output)
        try refuseCompanionName(output, of: resolved)
        // The copies and locks the store keeps beside the file: its migration backups and their
        // lock, the copies a damaged file was moved aside to, staging files.
        let (outputFolder, outputName) = DatabasePath.split(output)
        let (databaseFolder, databaseName) = DatabasePath.split(resolved)
        guard let kept = [".backup-", ".corrupt-", ".creating-", ".moving-", ".exporting-"].first(where: { outputName.afterBytes(of: databaseName + $0) != nil }),
            areOneFile(outputFolder, databaseFolder)
        else { return }
        throw StoreError.sqlite(
            extendedCode: SQLITE_CANTOPEN,
            message: "\(output) is one of the files the store keeps beside \(database) (its \(kept.dropFirst().dropLast()) files); choose another name",
            systemErrorCode: EINVAL)
    }

    /// Whether the two paths name one file (or folder), by device and inode, whatever path or
    /// link names either; false when either names nothing.
    private static func areOneFile(_ first: String, _ second: String) -> Bool {
        var firstStatus = stat()
        var secondStatus = stat()
        return stat(first, &firstStatus) == 0 && stat(second, &secondStatus) == 0 && firstStatus.st_dev == secondStatus.st_dev
            && firstStatus.st_ino == secondStatus.st_ino
    }

    /// Throws when a link, a folder or anything else but a regular file is where the move
    /// removes or writes one of the source's own files (the guard, the live scenes, the note;
    /// SQLite's own the open refuses): it would be replaced, never followed, and a link there is
    /// refused as a link everywhere else is.
    private static func refuseNonRegularCompanions(of source: String) throws(StoreError) {
        for suffix in ["-guard", "-live", "-moved"] {
            try Database.refuseNonRegularFile(at: source + suffix, "the move would replace it, so nothing was moved")
        }
    }

    /// Takes the hold on `database` (an exclusive lock on the file itself, which no other
    /// process's connection can share: an open one refuses it, a new one waits), then copies it
    /// to `staging`, verifies the copy and puts it in place at `destination`. Returns the row
    /// counts it verified; the hold is still on.
    private static func copyUnderExclusiveHold(
        _ database: Database, source: String, to staging: String, destination: String, configuration: DatabaseConfiguration
    ) throws -> [String: Int] {
        do {
            // In exclusive locking mode the lock a write transaction takes on the file stays
            // after it ends (the backup cannot read inside a write transaction of its source).
            try database.executeScript("PRAGMA locking_mode = EXCLUSIVE; BEGIN EXCLUSIVE; COMMIT")
        } catch {
            if error.isBusy { throw StoreError.fileOpenElsewhere(path: source) }
            throw error
        }
        if case .foreign(let applicationID) = try Migrator.reading(source, { try database.ownership() }) {
            throw StoreError.foreignDatabase(path: source, applicationID: applicationID)
        }
        let counts = try Migrator.reading(source) { try rowCounts(database) }
        try database.backup(to: staging)
        try verifyCopy(at: staging, matching: counts, configuration: configuration)
        try Database.refuseExisting(destination, named: "the destination")
        // The note before the copy is in place: a move killed after that finds the old path
        // saying where the file went, not two files each taking saves (a move killed between
        // putting the copy in place and leaving its note left exactly that).
        do {
            try MovedDatabaseNote.write(at: source, pointingTo: destination)
        } catch {
            guard case .sqlite(let code, let message, _, let cause) = error else { throw error }
            throw StoreError.sqlite(extendedCode: code, message: "\(message); nothing was moved", systemErrorCode: cause)
        }
        do {
            try publish(staging, at: destination)
        } catch {
            MovedDatabaseNote.remove(at: source)
            throw error
        }
        // A note an earlier move left at the new path names a file that is no longer the one
        // there. (Killed before this, a move back leaves two notes naming each other: the
        // newer, this move's, says which file is the database.)
        MovedDatabaseNote.remove(at: destination)
        return counts
    }

    /// Puts the verified copy at `staging` in place at `destination`, never replacing what
    /// appeared there meanwhile (`link(2)` refuses an existing name); a file system without hard
    /// links renames it.
    private static func publish(_ staging: String, at destination: String) throws {
        if link(staging, destination) == 0 {
            unlink(staging)
            return
        }
        let code = errno
        guard code == EPERM || code == ENOTSUP || code == EOPNOTSUPP || code == EMLINK, rename(staging, destination) == 0 else {
            throw StoreError.sqlite(
                extendedCode: SQLITE_CANTOPEN, message: "cannot put the copy in place at \(destination): \(SystemErrorCause.describe(code == EPERM ? errno : code))",
                systemErrorCode: code)
        }
    }

    /// Throws unless no connection, in this process or another, has `file` open.
    private static func ensureUnused(_ file: DatabaseFile) throws {
        let path = file.path
        guard !Database.hasOpenConnection(to: path) else { throw StoreError.fileInUse(path: path) }
        // Unopenable here (nil): the open that follows says why.
        guard DatabaseSiblings.withSQLiteLockBytesHeld(path) != false else { throw StoreError.fileOpenElsewhere(path: path) }
    }

    /// The copy at `path` passes `integrity_check` and holds `counts` rows per table.
    private static func verifyCopy(at path: String, matching counts: [String: Int], configuration: DatabaseConfiguration) throws {
        let copy = try Database(DatabaseFile(linkFree: path), .ownFile, configuration: configuration)
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
