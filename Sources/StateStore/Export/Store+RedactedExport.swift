import CSQLite
import Foundation

extension Store {
    /// Writes a redacted export of the database `source` to a new file at `outputPath`:
    /// what a person can send with a report without sending their state.
    ///
    /// The output is a new database, never a copy of pages: it is laid out by `migrator`'s
    /// migrations up to the source's schema version in a staging file beside `outputPath`, the
    /// rows are inserted (nothing is ever deleted in it, so no freed page holds a byte of the
    /// source), it is vacuumed into a single file without a log, and only then linked into
    /// place, where a file that appeared meanwhile is never replaced. Every account, scene and
    /// shelf name becomes a keyed hash under a random key that is written nowhere (equal names,
    /// equal hashes); payloads and messages go through `redactor`; everything else (kinds,
    /// versions, times, build stamps, reasons, ids) is copied. `store_meta`'s keys, which hash
    /// names under the source's own key, are rehashed under a new one.
    ///
    /// The source is opened read-only and left exactly as found.
    ///
    /// - Returns: each table written, with its row count (as many as the source's).
    /// - Throws: ``ExportError`` for an existing output, a source without a schema, or a table
    ///   or column this build does not know how to redact; `StoreError` for a newer,
    ///   foreign or corrupt source; `StoreError.fileNotFound` when there is none; `StoreError.sqlite`
    ///   when the output cannot be written. Nothing is left at `outputPath` then.
    package static func writeRedactedExport(
        of source: DatabaseFile, to outputPath: String, migrator: Migrator, redacting redactor: some ExportRedacting
    ) throws -> [ExportedTable] {
        if let refusal = DatabasePath.refusal(of: outputPath) { throw refusal }
        // Anything at the path (a directory or a dangling link included) is refused before the
        // path is resolved, which would refuse a directory as an input's error.
        var status = stat()
        guard lstat(outputPath, &status) != 0 else { throw ExportError.outputExists(path: outputPath) }
        // Its folder resolved (no link is on the path SQLite opens); nothing is there.
        let output = DatabasePath.inResolvedFolder(outputPath)
        guard lstat(output, &status) != 0 else { throw ExportError.outputExists(path: output) }
        if let refusal = DatabasePath.stagedCreationRefusal(of: output, marker: ".exporting-") { throw refusal }
        try Store.refuseCompanionName(output, of: source.path)
        let source = try Store(reading: source, kindBeforeKinds: migrator.kindBeforeKinds)
        defer { source.close() }
        guard source.schemaVersion <= migrator.latestVersion else {
            throw StoreError.databaseNewer(path: source.path, schemaVersion: source.schemaVersion, latestKnown: migrator.latestVersion)
        }
        guard source.schemaVersion >= 1 else { throw ExportError.noSchema(path: source.path) }
        // What a killed export to this path left beside it goes first.
        Database.removeStaleStagingFiles(beside: output, marked: [".exporting-"])
        let staging = DatabasePath.stagingName(of: output, marker: ".exporting-")
        defer { for suffix in ["", "-wal", "-shm", "-journal"] { unlink(staging + suffix) } }
        let written = try namingTheOutput(output, staging) { try exportCopy(of: source, to: staging, migrator: migrator, redactor: redactor) }
        guard link(staging, output) == 0 else {
            let code = errno
            if code == EEXIST { throw ExportError.outputExists(path: output) }
            throw StoreError.sqlite(extendedCode: SQLITE_CANTOPEN, message: "cannot create \(output): \(SystemErrorCause.describe(code))", systemErrorCode: code)
        }
        return written
    }

    /// Writes the redacted copy of `source` into the new file `staging`, in one read of the
    /// source; each table written, with its row count.
    private static func exportCopy(
        of source: Store, to staging: String, migrator: Migrator, redactor: some ExportRedacting
    ) throws -> [ExportedTable] {
        try source.database.readTransaction {
            let tables = try exportedColumns(of: source.database)
            let target = try Database(DatabaseFile(linkFree: staging), .ownFile)
            defer { target.close() }
            try migrator.migrate(target, upTo: source.schemaVersion)
            let names = ExportNames()
            let written = try target.writeTransaction {
                var written = try tables.map { table, columns in
                    ExportedTable(name: table, rows: try copyRows(of: table, columns: columns, from: source, to: target, names: names, redactor: redactor))
                }
                if try source.database.tableNames().contains("store_meta") {
                    let meta = try StoreMetaRedaction(source: source, names: names)
                    written.append(ExportedTable(name: "store_meta", rows: try meta.copy(from: source.database, to: target)))
                }
                return written
            }
            try target.executeScript("PRAGMA journal_mode = DELETE; VACUUM")
            return written
        }
    }

    /// Runs `body`, which writes the staging file `staging`: its storage errors name `output`,
    /// the path the caller gave, instead (a full disk, a missing folder).
    private static func namingTheOutput<T>(_ output: String, _ staging: String, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as StoreError {
            throw error.naming(staging: staging, as: output)
        }
    }

    /// The source's tables to copy, in writing order, each with its columns and how each is
    /// written; refuses a table or column ``ExportColumn`` does not know.
    private static func exportedColumns(of database: Database) throws -> [(table: String, columns: [(name: String, treatment: ExportColumn)])] {
        let present = try database.tableNames()
        for table in present where !ExportColumn.rewritten.contains(table) && !ExportColumn.tables.contains(where: { $0.name == table }) {
            throw ExportError.unknownTable(name: table)
        }
        return try ExportColumn.tables.filter { present.contains($0.name) }.map { table in
            let names = try database.fetchAll("SELECT name FROM pragma_table_info(?) ORDER BY cid", [.text(table.name)]) { $0.string(0) ?? "" }
            let columns = try names.map { name in
                guard let treatment = table.columns[name] else { throw ExportError.unknownColumn(table: table.name, column: name) }
                return (name: name, treatment: treatment)
            }
            return (table.name, columns)
        }
    }

    /// Copies every row of `table` from `source` to `target`, each value written as its
    /// column's treatment says; returns the number of rows.
    private static func copyRows(
        of table: String, columns: [(name: String, treatment: ExportColumn)], from source: Store, to target: Database, names: ExportNames,
        redactor: some ExportRedacting
    ) throws -> Int {
        let list = columns.map { Database.quotedIdentifier($0.name) }.joined(separator: ", ")
        let insert = try target.makeStatement(
            "INSERT INTO \(Database.quotedIdentifier(table)) (\(list)) VALUES (\(Array(repeating: "?", count: columns.count).joined(separator: ", ")))")
        let kindIndex = columns.firstIndex { $0.name == "kind" }
        var rows = 0
        try source.database.forEachRow("SELECT \(list) FROM \(Database.quotedIdentifier(table))") { row in
            let kind = kindIndex.flatMap { row.string($0) } ?? source.kindBeforeKinds ?? ""
            let values = columns.indices.map { index in
                exported(row.value(index), as: columns[index].treatment, kind: kind, names: names, redactor: redactor)
            }
            try insert.bind(values)
            defer { insert.reset() }
            _ = try insert.step()
            rows += 1
        }
        return rows
    }

    /// One value as the export writes it.
    private static func exported(_ value: SQLiteValue, as treatment: ExportColumn, kind: String, names: ExportNames, redactor: some ExportRedacting) -> SQLiteValue {
        switch (treatment, value) {
        case (.kept, _), (_, .null), (_, .integer), (_, .real): value
        case (.name, .text(let name)), (.number, .text(let name)): .text(names.hashed(name))
        case (.name, .blob(let bytes)), (.number, .blob(let bytes)): .text(names.hashed(String(decoding: bytes, as: UTF8.self)))
        case (.content(let role), .text(let text)): .text(String(decoding: redactor.redacted(Array(text.utf8), as: role.content(kind: kind)), as: UTF8.self))
        case (.content(let role), .blob(let bytes)): .blob(Data(redactor.redacted(Array(bytes), as: role.content(kind: kind))))
        }
    }
}
