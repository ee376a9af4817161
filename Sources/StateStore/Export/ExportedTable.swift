/// One table of a redacted export: its name and how many rows were written to it.
package struct ExportedTable: Equatable, Sendable {
    /// The table's name.
    package let name: String
    /// The rows written: as many as the source holds.
    package let rows: Int
}
