import Foundation

extension Database {
    /// The names of the file's own tables (not SQLite's internal `sqlite_…` ones).
    package func tableNames() throws -> [String] {
        try fetchAll("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'") { $0.string(0) ?? "" }
    }

    /// Whether no table of the file holds a row (none but the schema's own bookkeeping:
    /// `schema_history` and `store_meta`), read on this connection in one snapshot; false when
    /// it cannot tell. What a file holds before anyone saved into it.
    var holdsNoRows: Bool {
        let bookkeeping: Set<String> = ["schema_history", "store_meta"]
        let holdsRows = try? readTransaction {
            try tableNames().filter { !bookkeeping.contains($0) }.contains { table in
                try fetchOne("SELECT EXISTS (SELECT 1 FROM \(Self.quotedIdentifier(table)))", caching: false) { $0.int(0) } == 1
            }
        }
        return holdsRows == false
    }

    /// `name` as an SQL identifier, quoted (a `"` inside doubled), for a table name read from
    /// the schema rather than written in the SQL.
    package static func quotedIdentifier(_ name: String) -> String {
        "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
