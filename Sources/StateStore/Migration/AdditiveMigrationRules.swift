import CSQLite

/// What "additive" means for a migration that lets older releases keep writing the file
/// (its writable-by below its own version), checked by applying it to a scratch in-memory
/// database after the migrations before it, with SQLite's authorizer reporting every action
/// its SQL and its triggers take:
///
/// - it adds tables, indexes and triggers only: every existing object keeps its exact
///   definition (no new column on an existing table, nothing dropped or renamed), and it writes
///   no row of an existing table;
/// - nothing it adds can refuse an older build's write: no UNIQUE index on an existing table,
///   no trigger that raises an error, and no trigger that writes an existing table;
/// - data kept per account or scene (a new table with an `account` or `scene` column) goes with
///   its scene when an older build deletes it: a foreign key to an existing table with
///   ON DELETE CASCADE (every connection runs `foreign_keys=ON`), or a trigger of the migration
///   that deletes its rows after a delete on an existing table; a foreign key without CASCADE
///   would refuse that delete;
/// - it runs on the SQLite this package links (at least 3.40, the oldest a release supports).
///
/// Per-record data that older builds' writes must keep consistent lives in a new table that
/// the migration's triggers maintain; older builds never write it themselves.
package enum AdditiveMigrationRules {
    /// What in `migration` breaks the rules, each as one line; empty when it is additive.
    /// `earlier` are the migrations before it, in order.
    package static func violations(of migration: MigrationFile, after earlier: [MigrationFile]) throws -> [String] {
        let db = try Database(.inMemory, .ownFile)
        defer { db.close() }
        for file in earlier { try db.executeScript(file.sql) }
        let before = try objects(in: db)
        let actions = Actions()
        do {
            try actions.recording(on: db) { try db.executeScript(migration.sql) }
        } catch let error as StoreError where error.isSQLiteFailure {
            return ["\(migration.name) does not run on SQLite \(String(cString: sqlite3_libversion())) after the migrations before it: \(error.message)"]
        }
        let after = try objects(in: db)
        let existingTables = Set(before.values.filter { $0.type == "table" }.map(\.name))
        let added = after.values.filter { before[$0.name] == nil }.sorted { $0.name < $1.name }
        let newTables = Set(added.filter { $0.type == "table" }.map(\.name))
        var problems: [String] = []

        for object in before.values.sorted(by: { $0.name < $1.name }) where after[object.name] != object {
            problems.append("changes or removes the existing \(object.type) \(object.name) (a new column, a drop or a rename): older builds use it as it was")
        }
        for action in actions.taken where action.trigger == nil {
            switch action.code {
            case SQLITE_ALTER_TABLE:
                // SQLite's authorizer gives the database, then the table, for this action.
                problems.append("alters the existing table \(action.second ?? "?"): older builds use it as it was")
            case SQLITE_INSERT, SQLITE_UPDATE, SQLITE_DELETE:
                if let table = action.first, existingTables.contains(table), !table.hasPrefix("sqlite_") {
                    problems.append("writes rows of the existing table \(table): older builds read them as they were")
                }
            default: break
            }
        }
        for object in added {
            switch object.type {
            case "table", "trigger": break
            case "index":
                if existingTables.contains(object.table), object.sql.uppercased().hasPrefix("CREATE UNIQUE") {
                    problems.append("adds the UNIQUE index \(object.name) on the existing table \(object.table): it can refuse an older build's write")
                }
            default:
                problems.append("adds the \(object.type) \(object.name): an additive migration adds tables, indexes and triggers only")
            }
        }

        // Triggers: what they do when an older build writes the tables they are on.
        let newTriggers = Set(added.filter { $0.type == "trigger" }.map(\.name))
        let triggered = Actions()
        for table in Set(added.filter { $0.type == "trigger" }.map(\.table)) where existingTables.contains(table) {
            try triggered.recording(on: db) { try prepareWrites(of: table, in: db) }
        }
        for trigger in added where trigger.type == "trigger" && trigger.sql.uppercased().contains("RAISE") {
            problems.append("adds the trigger \(trigger.name), which raises an error: it can refuse an older build's write")
        }
        var deletedByTrigger: Set<String> = []
        for action in triggered.taken {
            guard let trigger = action.trigger, newTriggers.contains(trigger), let table = action.first else { continue }
            guard [SQLITE_INSERT, SQLITE_UPDATE, SQLITE_DELETE].contains(action.code), !table.hasPrefix("sqlite_") else { continue }
            if newTables.contains(table) {
                if action.code == SQLITE_DELETE { deletedByTrigger.insert(table) }
            } else {
                problems.append("adds the trigger \(trigger), which writes the existing table \(table): older builds' writes would change what they did not write")
            }
        }

        // Per-account and per-scene data goes with its scene.
        for table in newTables.sorted() {
            let columns = Set(try db.fetchAll("SELECT name FROM pragma_table_info(?)", [.text(table)]) { $0.string(0) ?? "" })
            let keys = try db.fetchAll("SELECT \"table\", on_delete FROM pragma_foreign_key_list(?)", [.text(table)]) {
                (parent: $0.string(0) ?? "", onDelete: ($0.string(1) ?? "").uppercased())
            }
            for key in keys where existingTables.contains(key.parent) && key.onDelete != "CASCADE" {
                problems.append("adds the table \(table) with a foreign key to \(key.parent) without ON DELETE CASCADE: it would refuse an older build's delete")
            }
            let cascades = keys.contains { existingTables.contains($0.parent) && $0.onDelete == "CASCADE" }
            if !columns.isDisjoint(with: ["account", "scene"]), !cascades, !deletedByTrigger.contains(table) {
                problems.append(
                    "adds the table \(table), kept per account or scene, that an older build's discard, purge or prune would leave behind: give it a foreign key with ON DELETE CASCADE to the records, or a trigger that deletes its rows"
                )
            }
        }
        return problems.map { "\(migration.name) \($0)" }
    }

    /// An object of `sqlite_schema`.
    private struct SchemaObject: Equatable {
        let type: String, name: String, table: String, sql: String
    }

    private static func objects(in db: Database) throws -> [String: SchemaObject] {
        let rows = try db.fetchAll("SELECT type, name, tbl_name, coalesce(sql, '') FROM sqlite_schema") {
            SchemaObject(type: $0.string(0) ?? "", name: $0.string(1) ?? "", table: $0.string(2) ?? "", sql: $0.string(3) ?? "")
        }
        return Dictionary(rows.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Prepares (never runs) an insert, an update and a delete of `table`: preparing compiles
    /// the triggers they fire, and the authorizer reports what those do.
    private static func prepareWrites(of table: String, in db: Database) throws {
        let quoted = Database.quotedIdentifier(table)
        let column = try db.fetchOne("SELECT name FROM pragma_table_info(?)", [.text(table)]) { $0.string(0) } ?? nil
        var statements = ["INSERT INTO \(quoted) DEFAULT VALUES", "DELETE FROM \(quoted)"]
        if let column {
            let name = Database.quotedIdentifier(column)
            statements.append("UPDATE \(quoted) SET \(name) = \(name)")
        }
        for sql in statements { _ = try db.makeStatement(sql) }
    }
}

/// The actions SQLite's authorizer reported while a body ran.
private final class Actions {
    /// One authorizer call: the action code, its two arguments (a table first for writes) and
    /// the innermost trigger it comes from.
    struct Action {
        let code: Int32, first: String?, second: String?, trigger: String?
    }

    var taken: [Action] = []

    func recording(on db: Database, _ body: () throws -> Void) throws {
        guard let handle = db.handle else { return }
        let context = Unmanaged.passUnretained(self).toOpaque()
        sqlite3_set_authorizer(
            handle,
            { context, code, first, second, _, trigger in
                guard let context else { return SQLITE_OK }
                let actions = Unmanaged<Actions>.fromOpaque(context).takeUnretainedValue()
                actions.taken.append(
                    Action(
                        code: code, first: first.map { String(cString: $0) }, second: second.map { String(cString: $0) },
                        trigger: trigger.map { String(cString: $0) }))
                return SQLITE_OK
            }, context)
        defer { sqlite3_set_authorizer(handle, nil, nil) }
        try withExtendedLifetime(self) { try body() }
    }
}
