import Foundation

extension Database {
    /// The names of the file's own tables (not SQLite's internal `sqlite_…` ones).
    package func tableNames() throws -> [String] {
        try fetchAll("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'") { $0.string(0) ?? "" }
    }

    /// `name` as an SQL identifier, quoted (a `"` inside doubled), for a table name read from
    /// the schema rather than written in the SQL.
    package static func quotedIdentifier(_ name: String) -> String {
        "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
