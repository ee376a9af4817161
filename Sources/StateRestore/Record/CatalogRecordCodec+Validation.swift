import JSON
import ScreenModels

extension CatalogRecordCodec {
    /// Checks a record before it is saved and returns the text to store.
    ///
    /// Rules, each failing with a one-line ``RecordError``:
    /// - at most `Store.maximumRecordBytes` bytes of valid JSON, and a JSON object;
    /// - `version` absent (v1) or an integer ≥ 1; `minReaderVersion`, if present, an integer
    ///   ≥ 1 and not above `version`;
    /// - versions 1...3: every field that format defines, when present, has its type
    ///   (`query` string, `selectedID` integer or null, `showsOnlySelected` boolean, `viewport`
    ///   null or an object with all of `anchorID`, `offset`, `before`, `after`), IDs are integers
    ///   in `Int64` range, `offset` is finite and in `0...1`, and each neighbour list has at most
    ///   three IDs. Absent fields are allowed: readers default them.
    /// - newer versions are stored as they are, with one extra check: if their `minReaderVersion`
    ///   lets this build read them as v3, the v3 fields must pass the v3 rules, so that every
    ///   record accepted here decodes as either `.decoded` or `.newer`, never `.unreadable`.
    public static func validateForSave(_ bytes: some Collection<UInt8>) throws(RecordError) -> ValidatedRecord {
        let byteCount = bytes.count
        guard byteCount <= maxRecordBytes else {
            throw .tooLarge(byteCount: byteCount, limit: maxRecordBytes)
        }
        let object = try parseObject(bytes)
        let header = try CatalogRecordReader.header(of: object)
        if let minimum = header.minReaderVersion, minimum > header.version {
            throw .minReaderVersionNewerThanVersion(minReaderVersion: minimum, version: header.version)
        }
        // The parser accepts only well-formed UTF-8, so decoding cannot substitute anything.
        let validated = ValidatedRecord(
            kind: CatalogViewState.kind, currentVersion: CatalogRecord.currentVersion, version: header.version, minReaderVersion: header.minReaderVersion,
            payload: String(decoding: bytes, as: UTF8.self)
        )

        let readsAs: Int
        if header.version <= CatalogRecord.currentVersion {
            readsAs = header.version
        } else if let minimum = header.minReaderVersion, minimum <= CatalogRecord.currentVersion {
            readsAs = CatalogRecord.currentVersion
        } else {
            return validated
        }
        let reading = try CatalogRecordReader.read(object, asVersion: readsAs)
        if let viewport = reading.record.viewport {
            guard viewport.offset.isFinite else { throw .offsetNotFinite(viewport.offset) }
            guard (0...1).contains(viewport.offset) else { throw .offsetOutOfRange(viewport.offset) }
            for (field, ids) in [("viewport.before", viewport.before), ("viewport.after", viewport.after)]
            where ids.count > CatalogViewport.neighbourLimit {
                throw .tooManyNeighbours(field: field, count: ids.count, limit: CatalogViewport.neighbourLimit)
            }
        }
        return validated
    }

    /// Checks a record given as text; see the byte-collection overload.
    public static func validateForSave(_ text: String) throws(RecordError) -> ValidatedRecord {
        try validateForSave(Array(text.utf8))
    }
}
