/// How a decoded record was obtained from its stored form.
package struct RecordProvenance: Equatable, Sendable {
    /// The report code for a record of a newer format read through its `minReaderVersion`.
    package static let newerReadReportCode = "record-newer-read"

    /// The `version` the record was stored with (1 when it had none).
    package var sourceVersion: Int
    /// The fields that were absent and took their defaults, as paths (`viewport`,
    /// `layout.columns`), in the order the state's type declares them. For the catalog, fields
    /// a format does not define count as absent.
    package var defaultsApplied: [String]
    /// The record's `minReaderVersion` when it was of a newer format and read as the current one
    /// through it; otherwise `nil`.
    package var readThroughMinReaderVersion: Int?

    package init(sourceVersion: Int, defaultsApplied: [String] = [], readThroughMinReaderVersion: Int? = nil) {
        self.sourceVersion = sourceVersion
        self.defaultsApplied = defaultsApplied
        self.readThroughMinReaderVersion = readThroughMinReaderVersion
    }

    /// ``newerReadReportCode`` when the record was read through its `minReaderVersion`.
    package var reportCode: String? {
        readThroughMinReaderVersion == nil ? nil : Self.newerReadReportCode
    }
}
