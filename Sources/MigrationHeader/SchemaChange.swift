import Foundation

/// A table or index change that a migration's SQL makes, read the same way by the build
/// (MigrationEmbedder derives each embedded migration's schema objects from it) and by the
/// store, for migrations given in code (`Migrator(migrations:)`).
///
/// The reading is deliberately small: `CREATE [UNIQUE] TABLE|INDEX [IF NOT EXISTS] name
/// [ON table]`, `DROP TABLE|INDEX [IF EXISTS] name` and `ALTER TABLE old RENAME TO new`, in
/// order, with `--` comments removed. It is what the schema check of a file needs, nothing more.
public enum SchemaChange: Equatable, Sendable {
    /// `CREATE TABLE name` or `CREATE [UNIQUE] INDEX name ON table`.
    case create(String, onTable: String?)
    /// `DROP TABLE name` or `DROP INDEX name`.
    case drop(String)
    /// `ALTER TABLE old RENAME TO new`.
    case rename(String, to: String)

    /// The table that records applied migrations, which every file of schema 1 or later has.
    public static let historyTable = "schema_history"

    /// The tables and indexes a file has once the migrations whose SQL `scripts` gives (in
    /// version order, from the first) are applied, sorted by name; ``historyTable`` included.
    public static func objects(after scripts: some Sequence<String>) -> [String] {
        var names: [String] = [historyTable]
        var indexTable: [String: String] = [:]
        for sql in scripts {
            for change in changes(in: sql) {
                switch change {
                case .create(let name, let table):
                    names.append(name)
                    if let table { indexTable[name] = table }
                case .drop(let name):
                    // Dropping a table drops its indexes with it.
                    names.removeAll { $0 == name || indexTable[$0] == name }
                case .rename(let old, let new):
                    names = names.map { $0 == old ? new : $0 }
                    for (index, table) in indexTable where table == old { indexTable[index] = new }
                }
            }
        }
        return names.sorted()
    }

    /// The table and index changes in `sql`, in order, comments removed.
    public static func changes(in sql: String) -> [SchemaChange] {
        // Lines end at any line break: `"\r\n"` is one `Character`, so splitting at `"\n"` alone
        // would let a comment in a CRLF file swallow the statements after it.
        let code = sql.split(whereSeparator: \.isNewline).map { line in line.range(of: "--").map { line[..<$0.lowerBound] } ?? line }.joined(separator: " ")
        let words = code.split { $0.isWhitespace || $0 == "(" || $0 == ";" }.map(String.init)
        func word(_ index: Int) -> String { index < words.count ? words[index].uppercased() : "" }
        func name(_ index: Int) -> String? {
            index < words.count ? words[index].trimmingCharacters(in: CharacterSet(charactersIn: "\"`[]")) : nil
        }
        var result: [SchemaChange] = []
        var index = 0
        while index < words.count {
            let verb = word(index)
            var next = index + 1
            if verb == "ALTER", word(next) == "TABLE", word(next + 2) == "RENAME", word(next + 3) == "TO",
                let old = name(next + 1), let new = name(next + 4)
            {
                result.append(.rename(old, to: new))
                index = next + 5
                continue
            }
            guard verb == "CREATE" || verb == "DROP" else {
                index += 1
                continue
            }
            if word(next) == "UNIQUE" { next += 1 }
            let object = word(next)
            guard object == "TABLE" || object == "INDEX" else {
                index += 1
                continue
            }
            next += 1
            while ["IF", "NOT", "EXISTS"].contains(word(next)) { next += 1 }
            guard let objectName = name(next) else { break }
            if verb == "DROP" {
                result.append(.drop(objectName))
            } else {
                result.append(.create(objectName, onTable: object == "INDEX" && word(next + 1) == "ON" ? name(next + 2) : nil))
            }
            index = next + 1
        }
        return result
    }
}
