/// A prepared statement with the SQL it was prepared from, as a connection's short lists of
/// statements hold them (`statementList`, `recentStatements`; a struct, not a tuple: see
/// `PathTable`).
struct SQLStatement {
    let sql: String
    let statement: Statement
}
