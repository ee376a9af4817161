import Foundation
import JSON
import StateRestore
import StateStore
import TestSupport

/// A database full of personal strings, in every table and every string field of every kind,
/// for the redacted export's tests, and what they read back from a database.
enum PersonalDatabase {
    static let accounts = ["marguerite.duras@example.org", "jean-paul.sartre@example.org"]
    static let scenes = ["fenêtre-bibliothèque-secrète", "window-carnet-intime"]

    /// Makes the database at `path` (schema latest): records of every built-in kind and of the
    /// inbox app kind (`Fixtures/formats`), history, a build stamp, a JSON and a non-JSON
    /// quarantine entry, a shelf snapshot, a restore mark, and `store_meta`'s hashed keys.
    static func make(at path: String) throws {
        let store = try Store(path: path, migrator: StateMigrations.makeMigrator())
        defer { store.close() }
        let (alice, bob) = (accounts[0], accounts[1])
        let (library, notebook) = (scenes[0], scenes[1])
        let records: [(account: String, scene: String, kind: String, version: Int, payload: String)] = [
            (
                alice, library, "catalog", 3,
                #"{"version":3,"query":"Marguerite Duras","selectedID":101,"showsOnlySelected":true,"viewport":{"anchorID":7,"offset":0.25,"before":[6],"after":[8]},"privateNote":"Rue Saint-Benoît, cinquième étage","carnetIntime":{"Saint-Germain-des-Prés":{"Yann Andréa":1}}}"#
            ),
            (alice, library, "notes", 1, #"{"version":1,"query":"Marguerite Duras","selectedNoteID":102}"#),
            (bob, notebook, "zones", 1, #"{"version":1,"selectedZoneID":"Europe/Paris-Montparnasse"}"#),
            (
                bob, notebook, "inbox", 2,
                #"{"version":2,"minReaderVersion":2,"query":"lettres de Simone","selectedID":103,"sort":"sender","filters":{"flaggedOnly":true,"unreadOnly":false,"fromBeauvoir":true},"search":"ancienne recherche"}"#
            ),
            (
                alice, notebook, "inbox", 2,
                #"{"version":2,"minReaderVersion":2,"query":"zéphyr ÉCLAIR à Noël","selectedID":105,"sort":"date","filters":{"flaggedOnly":false,"unreadOnly":true}}"#
            ),
            (
                alice, notebook, "podcast", 1,
                #"{"version":1,"selectedEpisode":"ep-7 La Douleur","lastPositions":{"ep-7 La Douleur":-1,"Le Ravissement intégral":1200.5},"byNumber":{"7":"ep-7 La Douleur","12":"Moderato privé"}}"#
            ),
        ]
        for record in records {
            try store.saveRecord(record.payload, version: record.version, account: record.account, scene: record.scene, kind: record.kind)
        }
        try store.noteScenesUsed([(alice, library), (bob, notebook)])
        try store.database.executeScript(
            """
            INSERT INTO record_build (account, scene, kind, build, updated_at)
                SELECT account, scene, kind, '1.4.2 (812)', updated_at FROM scene_state
                WHERE account = '\(alice)' AND scene = '\(library)' AND kind = 'catalog';
            INSERT INTO record_history (account, scene, kind, version, min_reader_version, payload, updated_at, build, replaced_at)
                VALUES ('\(alice)', '\(library)', 'catalog', 2, NULL,
                        '{"version":2,"query":"Hiroshima mon amour","selectedID":104,"showsOnlySelected":false}', 1700000000.5, '1.4.1 (800)', 1700000100.25);
            INSERT INTO quarantine (account, scene, kind, version, payload, error, reason, updated_at, quarantined_at)
                VALUES ('\(bob)', '\(library)', 'catalog', 3, CAST('{"version":3,"query":42,"secretField":"Lol V. Stein ravissement","Tatiana Karl":{"Jacques Hold":true}}' AS BLOB),
                        'field "query" must be a string, got integer 42 near Lol V. Stein ravissement', 'unreadable', 1700000200, 1700000300);
            INSERT INTO quarantine (account, scene, kind, version, payload, error, reason, updated_at, quarantined_at)
                VALUES ('\(alice)', '\(notebook)', 'podcast', 1, CAST('{"version":1,"lastPositions":{"Un Amour de Swann":"far"}}' AS BLOB),
                        'field "lastPositions.Un Amour de Swann" must be a number, got string "far"', 'unreadable', 1700000250, 1700000350);
            INSERT INTO record_history (account, scene, kind, version, min_reader_version, payload, updated_at, build, replaced_at)
                VALUES ('\(alice)', '\(notebook)', 'podcast', 1, NULL,
                        '{"version":1,"selectedEpisode":"Aurélia Steiner","lastPositions":{"Aurélia Steiner":3.5}}', 1700000000.5, '1.4.1 (800)', 1700000100.25);
            INSERT INTO quarantine (account, scene, kind, version, payload, error, reason, updated_at, quarantined_at)
                VALUES ('\(bob)', '\(notebook)', 'notes', NULL, CAST('{"query": "Le Vice-consul Calcutta Lahore' AS BLOB),
                        'record is not valid JSON: unexpected end of input after "Le Vice-consul Calcutta Lahore"', 'unreadable', NULL, 1700000400);
            INSERT INTO shelf_snapshot (account, shelf, version, min_reader_version, payload, row_count, fetched_at, saved_at, unreadable_error)
                VALUES ('\(alice)', 'étagère-personnelle', 2, NULL,
                        '{"version":2,"query":"Moderato cantabile","books":[{"id":1,"title":"Un barrage contre le Pacifique","revision":1,"annotations":{"Suzanne Donnadieu":1}}],"fetchedAt":0,"drafts":[],"Joseph-et-Suzanne":{"Monsieur Jo":"diamant"}}',
                        1, 1700000500, 1700000600, NULL);
            INSERT INTO restore_mark (account, scene, kind, started_at) VALUES ('\(bob)', '\(notebook)', 'zones', 1700000700);
            """)
    }

    /// The keys of the payloads that no recorded shape names there (unknown fields, their
    /// objects' keys, dictionaries' keys), all personal.
    static let plantedKeys = [
        "privateNote", "carnetIntime", "Saint-Germain-des-Prés", "Yann Andréa", "fromBeauvoir", "ep-7 La Douleur", "Le Ravissement intégral",
        "Nevers-1944", "Emmanuelle Riva", "secretField", "Tatiana Karl", "Jacques Hold", "Un Amour de Swann", "Aurélia Steiner", "annotations",
        "Suzanne Donnadieu", "Joseph-et-Suzanne", "Monsieur Jo",
    ]

    /// The keys an export keeps with the kinds' format folders (every field name of the
    /// built-in kinds, the shelf snapshot, `inbox` and `podcast`): none is personal.
    static let fieldNames: Set<String> = [
        "version", "minReaderVersion", "query", "selectedID", "showsOnlySelected", "viewport", "anchorID", "offset", "before", "after",
        "selectedNoteID", "selectedZoneID", "search", "sort", "filters", "flaggedOnly", "unreadOnly", "selectedEpisode", "lastPositions",
        "byNumber", "books", "id", "title", "revision", "fetchedAt", "drafts", "bookID", "baseRevision", "proposedTitle", "recovered",
    ]

    /// A formats folder for `restorectl --formats`: the inbox's (`Fixtures/formats`) and the
    /// podcast's, whose `lastPositions` and `byNumber` are dictionaries; returns its path.
    static func makeFormats(in folder: String) throws -> String {
        let formats = folder + "/formats"
        try FileManager.default.createDirectory(atPath: formats + "/podcast", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: PackageFolders.path("formats/inbox"), toPath: formats + "/inbox")
        let podcast = #"""
            {"default": {"byNumber": {}, "lastPositions": {}, "selectedEpisode": null}, "kind": "podcast", "minReaderVersion": 1,
             "shape": {"type": "object", "fields": {
                "selectedEpisode": {"type": "string", "optional": true},
                "lastPositions": {"type": "dictionary", "element": {"type": "number"}},
                "byNumber": {"type": "dictionary", "element": {"type": "string"}}}},
             "version": 1}
            """#
        try Data(podcast.utf8).write(to: URL(fileURLWithPath: formats + "/podcast/shape-v1.json"))
        return formats
    }

    /// Every string of six characters or more the database at `path` holds of a person: the
    /// names in every table, each string value of every JSON payload (but the inbox's `sort`
    /// values, which its recorded shape lists), the planted keys, and the words planted in the
    /// non-JSON payload and the errors.
    static func personalStrings(in path: String) throws -> Set<String> {
        var strings = Set(accounts + scenes + plantedKeys + ["étagère-personnelle", "Calcutta", "Lahore", "consul", "ravissement", "Amour", "Swann"])
        for table in ["scene_state", "record_history", "shelf_snapshot", "quarantine"] {
            for payload in try column("payload", of: table, in: path) {
                guard let value = try? JSONValue.parse(payload) else { continue }
                collectStrings(value, into: &strings)
            }
        }
        return strings.subtracting(["sender"]).filter { $0.count >= 6 }
    }

    private static func collectStrings(_ value: JSONValue, into strings: inout Set<String>) {
        switch value {
        case .string(let string): strings.insert(string)
        case .array(let elements): for element in elements { collectStrings(element, into: &strings) }
        case .object(let object): for (_, member) in object { collectStrings(member, into: &strings) }
        default: break
        }
    }

    /// A payload with each key but `keptKeys` and digits, and each string but `keptValues`,
    /// replaced by its length in Characters: what a redaction must keep.
    static func skeleton(_ value: JSONValue, keeping keptKeys: Set<String>, _ keptValues: Set<String>) -> String {
        func key(_ key: String) -> String {
            keptKeys.contains(key) || (!key.isEmpty && key.allSatisfy(\.isASCII) && key.allSatisfy(\.isNumber)) ? key : "<\(key.count)>"
        }
        switch value {
        case .string(let string): return keptValues.contains(string) ? "\"\(string)\"" : "<\(string.count)>"
        case .array(let elements): return "[" + elements.map { skeleton($0, keeping: keptKeys, keptValues) }.joined(separator: ",") + "]"
        case .object(let object): return "{" + object.map { "\(key($0.key)):\(skeleton($0.value, keeping: keptKeys, keptValues))" }.joined(separator: ",") + "}"
        default: return value.encoded()
        }
    }

    /// Each JSON payload of `table` (with its kind, when the table has kinds) as a
    /// ``skeleton(_:keeping:_:)`` keeping the keys and values `kept(kind)` gives.
    static func skeletons(of table: String, in path: String, keeping kept: (String) -> (keys: Set<String>, values: Set<String>)) throws -> Set<String> {
        let database = try Database(path: path, configuration: DatabaseConfiguration(access: .readOnly))
        defer { database.close() }
        let kind = table == "shelf_snapshot" ? "'shelf'" : "kind"
        let rows = try database.fetchAll("SELECT \(kind), payload FROM \(table)") { ($0.string(0) ?? "", $0.data(1) ?? Data()) }
        return Set(rows.compactMap { kind, payload in (try? JSONValue.parse(payload)).map { "\(kind) " + skeleton($0, keeping: kept(kind).keys, kept(kind).values) } })
    }

    /// The rows of each table but `schema_history`.
    static func rowCounts(in path: String) throws -> [String: Int] {
        let database = try Database(path: path, configuration: DatabaseConfiguration(access: .readOnly))
        defer { database.close() }
        var counts: [String: Int] = [:]
        for table in try database.tableNames() where table != "schema_history" {
            counts[table] = try database.fetchOne("SELECT count(*) FROM \(table)") { $0.int(0) }
        }
        return counts
    }

    /// Every value of `column` in `table`, as bytes (NULLs left out), in the table's order.
    static func column(_ column: String, of table: String, in path: String) throws -> [Data] {
        let database = try Database(path: path, configuration: DatabaseConfiguration(access: .readOnly))
        defer { database.close() }
        return try database.fetchAll("SELECT \(column) FROM \(table) ORDER BY 1") { $0.data(0) }.compactMap { $0 }
    }

    /// Runs `sql` on the database at `path`.
    static func execute(_ sql: String, in path: String) throws {
        let database = try Database(path: path)
        defer { database.close() }
        try database.executeScript(sql)
    }

    /// Loads the SQL script at `script` into a new database at `path`.
    static func load(_ script: String, into path: String) throws {
        try execute(String(decoding: try Data(contentsOf: URL(fileURLWithPath: script)), as: UTF8.self), in: path)
    }
}
