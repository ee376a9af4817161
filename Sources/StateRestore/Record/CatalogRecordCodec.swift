import JSON
import ScreenModels
import StateStore

/// Reads, validates and writes catalog view-state records.
///
/// Format history, all readable forever:
/// - v1 (no `version`): `{"query": String, "selectedID": Int|null}`
/// - v2: `{"version": 2, "query", "selectedID", "showsOnlySelected": Bool}`
/// - v3 (current): v2 plus `"viewport": null | {"anchorID": Int, "offset": Double,
///   "before": [Int], "after": [Int]}`
///
/// Any record may carry `"minReaderVersion": Int`, the oldest format able to read it while
/// ignoring fields it does not know. A record newer than this build is decoded as v3 only when
/// its `minReaderVersion` is 3 or lower; otherwise decoding reports
/// ``CatalogRecordDecoding/newer(version:minReaderVersion:)``.
///
/// ```swift
/// switch CatalogRecordCodec.decode(payload.utf8) {
/// case .decoded(let record, let provenance): restore(record, reporting: provenance)
/// case .newer: startFresh()              // leave the newer build's record alone
/// case .unreadable(let error): quarantine(error)
/// }
/// let text = CatalogRecordCodec.encode(record)   // always {"version":3,…}
/// ```
public enum CatalogRecordCodec {
    /// The largest record accepted, in bytes (1 MiB): the store's one limit.
    static var maxRecordBytes: Int { Store.maximumRecordBytes }

    /// Decodes a stored record on the restore path.
    ///
    /// Reads `version` first (absent means 1), then that format's fields, each
    /// "present ? typed : default"; the provenance lists every defaulted field. Types are checked
    /// strictly, ranges leniently: an out-of-range or infinite `viewport.offset` is kept for
    /// reconciliation to clamp and report, and neighbour lists longer than three keep their
    /// first three IDs. Fields the format does not define (such as `viewport` in a v2 record)
    /// are kept in ``CatalogRecord/unknownFields``; unknown fields inside `viewport` are ignored.
    public static func decode(_ bytes: some Collection<UInt8>) -> CatalogRecordDecoding {
        let object: JSONObject
        let header: CatalogRecordReader.Header
        do throws(RecordError) {
            object = try parseObject(bytes)
            header = try CatalogRecordReader.header(of: object)
        } catch {
            return .unreadable(error)
        }

        var readThrough: Int?
        if header.version > CatalogRecord.currentVersion {
            guard let minimum = header.minReaderVersion, minimum <= CatalogRecord.currentVersion else {
                return .newer(version: header.version, minReaderVersion: header.minReaderVersion)
            }
            readThrough = minimum
        }

        let reading: CatalogRecordReader.Reading
        do throws(RecordError) {
            reading = try CatalogRecordReader.read(object, asVersion: min(header.version, CatalogRecord.currentVersion))
        } catch {
            return .unreadable(error)
        }
        var record = reading.record
        if var viewport = record.viewport {
            viewport.before = Array(viewport.before.prefix(CatalogViewport.neighbourLimit))
            viewport.after = Array(viewport.after.prefix(CatalogViewport.neighbourLimit))
            record.viewport = viewport
        }
        let provenance = CatalogRecordProvenance(
            sourceVersion: header.version,
            defaultsApplied: reading.defaultsApplied,
            readThroughMinReaderVersion: readThrough
        )
        return .decoded(record, provenance)
    }

    /// Decodes a stored record given as text; see the byte-collection overload.
    public static func decode(_ text: String) -> CatalogRecordDecoding {
        decode(Array(text.utf8))
    }

    static func parseObject(_ bytes: some Collection<UInt8>) throws(RecordError) -> JSONObject {
        try RecordHeader.parseObject(bytes)
    }
}
