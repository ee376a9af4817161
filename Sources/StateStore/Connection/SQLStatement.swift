/// A prepared statement with the SQL it was prepared from, as a connection's short lists of
/// statements hold them (`statementList`, `recentStatements`): a struct,
/// not a tuple, whose list type the Swift runtime would make from its mangled name at a
/// process's first statement.
struct SQLStatement {
    let sql: String
    let statement: Statement
}
