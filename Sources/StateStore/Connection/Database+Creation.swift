import CSQLite
import Foundation

extension Database {
    /// The points where a first opener publishing a new database can be paused by a test.
    package enum CreationStep: Sendable, Equatable {
        /// The new database is complete in its staging file; nothing exists at the path yet.
        case staged
        /// The staging file was linked into place (or another opener's file was found there).
        case published
    }

    /// Called at each `CreationStep` of the database at the path it is keyed by; tests pause a
    /// first opener here, or fill its disk (``withCreationHook(at:_:_:)``). One per path, so
    /// tests running side by side never take each other's.
    private static let creationHooks = Locked<[String: @Sendable (CreationStep) -> Void]>([:])

    /// Runs `body` with `hook` called at each step of a creation of the database at `path`
    /// (as the creation resolves it: no link in it).
    package static func withCreationHook<T>(at path: String, _ hook: @escaping @Sendable (CreationStep) -> Void, _ body: () throws -> T) rethrows -> T {
        creationHooks.withLock { $0[path] = hook }
        defer { creationHooks.withLock { $0[path] = nil } }
        return try body()
    }

    /// Makes sure that when no file exists at `file`'s path, the file that appears there is already a
    /// complete database in write-ahead-log mode (mode 0600), never an empty file.
    ///
    /// Several first openers of one new path used to share an empty file and each switched it
    /// to WAL. That switch is the file's first transaction and, on an empty file, it runs with
    /// a rollback journal; SQLite's hot-journal check in a concurrent opener's first read can
    /// mistake that journal for a crashed one and roll it back (and delete it under the
    /// committing opener), which surfaced as `SQLITE_IOERR_DELETE_NOENT` at the first
    /// `PRAGMA application_id` or as migrations silently running in rollback mode. Building
    /// the database in a private staging file and `link(2)`ing it into place (which never
    /// replaces an existing file) means every opener of the shared path finds a WAL database,
    /// and a rollback journal is never written beside it.
    ///
    /// A file system that cannot hard-link, or a name too long for its staging name, falls back
    /// to the empty file `init` creates. Returns whether this call put a new database at the
    /// path (false when another opener's was there first, or nothing was published).
    static func publishNewDatabaseIfMissing(_ file: DatabaseFile, configuration: DatabaseConfiguration) throws(StoreError) -> Bool {
        let path = file.path
        guard configuration.access == .readWrite(createIfMissing: true), !DatabasePath.isSpecial(path), Foundation.access(path, F_OK) != 0 else { return false }
        // A name too long for the kernel is missing too: refused by the rule below, in its words.
        guard errno == ENOENT || errno == ENAMETOOLONG else { return false }
        // A name or path with no room for the files the store makes beside the database is
        // refused before anything is made: it left an empty file no save could use, or a
        // database its next migration could not back up (every save after the update refused).
        if let refusal = refusalToCreate(path) { throw refusal }
        removeStaleStagingFiles(of: file)
        let staging = DatabasePath.stagingName(of: path, marker: ".creating-")
        // A name the kernel takes whose staging name it would not (about 60 bytes longer), or a
        // path SQLite opens whose staging path it would not, is created in place, as where
        // there are no hard links.
        guard DatabasePath.sqliteCanMake(staging) else { return false }
        defer { for suffix in ["", "-wal", "-shm", "-journal"] { unlink(staging + suffix) } }
        var stagingConfiguration = configuration
        stagingConfiguration.statementCacheCapacity = 2
        do {
            let database = try Database(DatabaseFile(linkFree: staging), .ownFile, configuration: stagingConfiguration)
            defer { database.close() }
            try database.activateWriteAheadLog()
            // The file must be on stable storage before it is published: a power cut after the
            // link would otherwise leave a torn, unreadable file at the path (the power-cut
            // tests found one: not every write the WAL switch makes is synced). One committed
            // write at FULL makes the close checkpoint it into the file and sync the file last.
            try database.executeScript("PRAGMA synchronous = FULL; PRAGMA user_version = 0")
        } catch {
            // Name the path the caller asked for, not the staging file.
            throw error.naming(staging: staging, as: path).refusingCreation(of: path)
        }
        runCreationHook(.staged, path)
        let linked = link(staging, path) == 0
        if !linked, errno != EEXIST {
            // EPERM/ENOTSUP/EXDEV…: no hard links here; `init` creates the file the old way.
            guard errno == EPERM || errno == ENOTSUP || errno == EOPNOTSUPP || errno == EMLINK else {
                throw cannotCreate(path, errno: errno)
            }
        }
        runCreationHook(.published, path)
        return linked
    }

    /// Why no new database may be made at `path`, or nil (``DatabasePath/creationRefusal(of:)``).
    /// A database that was here before, moved aside as damaged, is made again at the path it
    /// had (older builds made names up to 247 bytes): refused, the app would have no database
    /// at all. It keeps the rule it was made under, room for SQLite's files.
    package static func refusalToCreate(_ path: String) -> StoreError? {
        if let refusal = DatabasePath.keptNameRefusal(of: path) { return refusal }
        guard let refusal = DatabasePath.creationRefusal(of: path) else { return nil }
        return !CorruptDatabaseFiles.copies(of: path).isEmpty && DatabasePath.sqliteCanMake(path) ? nil : refusal
    }

    /// Removes what killed creations of `file`, and killed moves to it, left behind: staging
    /// files (`<db>.creating-<pid>-<uuid>`, `<db>.moving-<pid>-<uuid>` and their `-wal`, `-shm`,
    /// `-journal`) whose process is gone or that are older than a minute. A live creator's or
    /// mover's file is never touched. A move's staging file is a whole copy of a database: left,
    /// it kept what a later purge removed from the file itself.
    package static func removeStaleStagingFiles(of file: DatabaseFile) {
        removeStaleStagingFiles(beside: file.path, marked: [".creating-", ".moving-"])
    }

    /// Removes the staging files beside `path` (`<path><marker><pid>-<uuid>` and their
    /// companions) of processes that are gone, or older than a minute. Only names of exactly
    /// that shape are staging files: a person's `state.sqlite.moving-2024-notes` is not one.
    package static func removeStaleStagingFiles(beside path: String, marked markers: [String]) {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        let prefixes = markers.map { url.lastPathComponent + $0 }
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        let now = Date().timeIntervalSince1970
        for name in names {
            guard let rest = prefixes.lazy.compactMap({ name.afterBytes(of: $0) }).first else { continue }
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            guard let pid = Int32(digits), rest.dropFirst(digits.count).first == "-" else { continue }
            let tail = rest.dropFirst(digits.count + 1)
            guard UUID(uuidString: String(tail.prefix(36))) != nil, ["", "-wal", "-shm", "-journal"].contains(String(tail.dropFirst(36))) else { continue }
            let file = folder + "/" + name
            var status = stat()
            guard lstat(file, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { continue }
            let processIsGone = Foundation.kill(pid, 0) != 0 && errno == ESRCH
            let modified = (try? FileManager.default.attributesOfItem(atPath: file)[.modificationDate] as? Date)?.timeIntervalSince1970 ?? now
            let isOld = now - modified > 60
            guard processIsGone || (isOld && pid != getpid()) else { continue }
            unlink(file)
        }
    }

    private static func runCreationHook(_ step: CreationStep, _ path: String) {
        if let hook = creationHooks.withLock({ $0.isEmpty ? nil : $0[path] }) { hook(step) }
    }
}
