@testable import StateStore

extension Database {
    /// Every schema object's type, name and SQL, sorted, for comparing two databases' schemas.
    func schemaDump() throws -> [String] {
        try fetchAll("SELECT type, name, tbl_name, sql FROM sqlite_schema ORDER BY type, name") {
            [$0.string(0), $0.string(1), $0.string(2), $0.string(3)].map { $0 ?? "NULL" }.joined(separator: "|")
        }
    }

    func integrityCheck() throws -> String {
        try fetchOne("PRAGMA integrity_check") { $0.string(0) ?? "" } ?? ""
    }

    func scalarInt(_ sql: String) throws -> Int {
        try fetchOne(sql) { $0.int(0) } ?? -1
    }
}
