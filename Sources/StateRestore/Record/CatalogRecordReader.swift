import JSON
import ScreenModels

/// Reads the header and the fields of a catalog record object as one format version defines them.
///
/// Shared by the lenient restore path and the strict save path: it checks *types* and presence;
/// range checks are the save path's business. Neighbour lists are returned untruncated so
/// the save path can refuse long ones and the restore path can keep the first three.
enum CatalogRecordReader {
    /// Field names, in the order ``CatalogRecordProvenance/defaultsApplied`` lists them.
    enum Field {
        static let version = "version"
        static let minReaderVersion = "minReaderVersion"
        static let query = "query"
        static let selectedID = "selectedID"
        static let showsOnlySelected = "showsOnlySelected"
        static let viewport = "viewport"
    }

    /// Fields set by the encoder, never kept as unknown fields.
    static let headerFields: Set<String> = [Field.version, Field.minReaderVersion]
    /// Every field the current format defines, header included.
    static let currentFields: Set<String> = headerFields.union(fields(ofVersion: CatalogRecord.currentVersion))

    /// The body fields a format version defines; newer versions are read as the current one.
    static func fields(ofVersion version: Int) -> [String] {
        switch version {
        case ...1: [Field.query, Field.selectedID]
        case 2: [Field.query, Field.selectedID, Field.showsOnlySelected]
        default: [Field.query, Field.selectedID, Field.showsOnlySelected, Field.viewport]
        }
    }

    typealias Header = RecordHeader

    struct Reading {
        var record: CatalogRecord
        var defaultsApplied: [String]
    }

    static func header(of object: JSONObject) throws(RecordError) -> Header {
        try RecordHeader(of: object)
    }

    /// Reads `object` as format `version` (1...current).
    static func read(_ object: JSONObject, asVersion version: Int) throws(RecordError) -> Reading {
        let defined = fields(ofVersion: version)
        var record = CatalogRecord()
        var defaultsApplied: [String] = []

        for (key, value) in object where !headerFields.contains(key) && !defined.contains(key) {
            record.unknownFields[key] = value
        }
        for field in [Field.query, Field.selectedID, Field.showsOnlySelected, Field.viewport] {
            guard defined.contains(field), let value = object[field] else {
                defaultsApplied.append(field)
                continue
            }
            switch field {
            case Field.query:
                guard case .string(let query) = value else {
                    throw .wrongType(field: field, expected: "a string", got: value.briefDescription)
                }
                record.query = query
            case Field.selectedID:
                if value != .null {
                    record.selectedID = try id(value, field: field, expected: "an integer or null")
                }
            case Field.showsOnlySelected:
                guard case .bool(let showsOnlySelected) = value else {
                    throw .wrongType(field: field, expected: "a boolean", got: value.briefDescription)
                }
                record.showsOnlySelected = showsOnlySelected
            default:
                record.viewport = try viewport(value)
            }
        }
        return Reading(record: record, defaultsApplied: defaultsApplied)
    }

    private static func viewport(_ value: JSONValue) throws(RecordError) -> CatalogViewport? {
        if value == .null { return nil }
        guard case .object(let object) = value else {
            throw .wrongType(field: Field.viewport, expected: "an object or null", got: value.briefDescription)
        }
        let anchorID = try id(required(object, "anchorID"), field: "viewport.anchorID", expected: "an integer")
        let offset: Double
        switch try required(object, "offset") {
        case .integer(let integer): offset = Double(integer)
        case .double(let double): offset = double
        case let other: throw .wrongType(field: "viewport.offset", expected: "a number", got: other.briefDescription)
        }
        return CatalogViewport(
            anchorID: anchorID,
            offset: offset,
            before: try ids(required(object, "before"), field: "viewport.before"),
            after: try ids(required(object, "after"), field: "viewport.after")
        )
    }

    private static func required(_ object: JSONObject, _ key: String) throws(RecordError) -> JSONValue {
        guard let value = object[key] else { throw .missingField("viewport.\(key)") }
        return value
    }

    private static func ids(_ value: JSONValue, field: String) throws(RecordError) -> [Int] {
        guard case .array(let elements) = value else {
            throw .wrongType(field: field, expected: "an array of integers", got: value.briefDescription)
        }
        var ids: [Int] = []
        ids.reserveCapacity(elements.count)
        for (position, element) in elements.enumerated() {
            ids.append(try id(element, field: "\(field)[\(position)]", expected: "an integer"))
        }
        return ids
    }

    private static func id(_ value: JSONValue, field: String, expected: String) throws(RecordError) -> Int {
        guard case .integer(let integer) = value, let id = Int(exactly: integer) else {
            throw .wrongType(field: field, expected: expected, got: value.briefDescription)
        }
        return id
    }
}
