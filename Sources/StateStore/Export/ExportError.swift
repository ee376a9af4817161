import Foundation

/// Why a redacted export was refused; nothing is written at the output path then.
package enum ExportError: Error, Equatable, Sendable {
    /// Something exists at the output path (an export never replaces a file).
    case outputExists(path: String)
    /// The source holds a table the export does not know (a newer schema's): copying it
    /// unredacted is what an export must never do.
    case unknownTable(name: String)
    /// A known table of the source holds a column the export does not know.
    case unknownColumn(table: String, column: String)
    /// The source holds no schema yet: there is nothing to export.
    case noSchema(path: String)
}

extension ExportError: LocalizedError {
    /// The error as one line, as the CLI prints it.
    package var errorDescription: String? {
        switch self {
        case .outputExists(let path): "\(path) exists; an export never replaces a file, so nothing was written"
        case .unknownTable(let name):
            "the database holds table \"\(name)\", which this build does not know how to redact; nothing was written (export it with the release that wrote it)"
        case .unknownColumn(let table, let column):
            "table \"\(table)\" has column \"\(column)\", which this build does not know how to redact; nothing was written"
        case .noSchema(let path): "\(path) holds no schema yet; there is nothing to export"
        }
    }
}
