import JSON
import ScreenModels

extension CatalogRecordCodec {
    /// Writes `record` in the current format, compact, with keys in a fixed order:
    /// `version`, `query`, `selectedID`, `showsOnlySelected`, `viewport`, then the unknown fields
    /// in their original order.
    ///
    /// The output always describes a valid v3 record (it passes ``validateForSave(_:)-(String)`` unless it
    /// exceeds `Store.maximumRecordBytes`):
    /// - `version` is 3 and `minReaderVersion` is never written. A record of a newer format read
    ///   through its `minReaderVersion` is rewritten as plain v3, so the newer format number and
    ///   its `minReaderVersion` are both dropped; keeping either would claim a format the text no
    ///   longer has.
    /// - Unknown fields whose names v3 defines (say a `viewport` carried by a v2 record) are not
    ///   written; the record's own value wins.
    /// - `viewport.offset` is clamped into `0...1` (NaN becomes 0) and neighbour lists keep their
    ///   first three IDs, matching what reconciliation does on restore.
    public static func encode(_ record: CatalogRecord) -> String {
        typealias Field = CatalogRecordReader.Field
        var object = JSONObject()
        object[Field.version] = .integer(Int64(CatalogRecord.currentVersion))
        object[Field.query] = .string(record.query)
        object[Field.selectedID] = record.selectedID.map { .integer(Int64($0)) } ?? .null
        object[Field.showsOnlySelected] = .bool(record.showsOnlySelected)
        object[Field.viewport] = record.viewport.map(encodedViewport) ?? .null
        for (key, value) in record.unknownFields where !CatalogRecordReader.currentFields.contains(key) {
            object[key] = value
        }
        return JSONValue.object(object).encoded()
    }

    private static func encodedViewport(_ viewport: CatalogViewport) -> JSONValue {
        let offset = viewport.offset.isNaN ? 0 : min(max(viewport.offset, 0), 1)
        func ids(_ ids: [Int]) -> JSONValue {
            .array(ids.prefix(CatalogViewport.neighbourLimit).map { .integer(Int64($0)) })
        }
        return [
            "anchorID": .integer(Int64(viewport.anchorID)),
            "offset": .double(offset),
            "before": ids(viewport.before),
            "after": ids(viewport.after),
        ]
    }
}
