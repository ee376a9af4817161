import Foundation

extension Database {
    /// The names of the file's own tables (not SQLite's internal `sqlite_…` ones).
    package func tableNames() throws -> [String] {
        try fetchAll("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'") { $0.string(0) ?? "" }
    }

    /// Whether any table of the file but those named in `besides` holds a row, read on this
    /// connection in one snapshot. The migrator's backup and the removal of a failed creation
    /// both ask it, each naming the bookkeeping that says nothing a user saved.
    func holdsRows(besides bookkeeping: Set<String>) throws -> Bool {
        try readTransaction {
            try tableNames().filter { !bookkeeping.contains($0) }.contains { table in
                try fetchOne("SELECT EXISTS (SELECT 1 FROM \(Self.quotedIdentifier(table)))", caching: false) { $0.int(0) } == 1
            }
        }
    }

    /// `name` as an SQL identifier, quoted (a `"` inside doubled), for a table name read from
    /// the schema rather than written in the SQL.
    package static func quotedIdentifier(_ name: String) -> String {
        "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
