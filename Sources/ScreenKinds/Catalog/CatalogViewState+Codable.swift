import JSON
import ScreenModels
import StateRestore

/// The catalog record's fields, read with the catalog's own rules and words (`field "query"
/// must be a string, got integer 42`), which its records have had since format 1: types are
/// checked strictly, ranges leniently (an out-of-range offset is kept for reconciliation to
/// clamp and report; neighbour lists keep their first three IDs). Written with every field, an
/// absent selection or viewport as `null`, in a fixed order.
extension CatalogViewState: Codable {
    /// Reads a catalog record's fields: an absent field keeps a fresh window's value; a field of
    /// the wrong type, or a viewport missing one of its members, throws a `RestoreError` that
    /// names the field.
    public init(from decoder: any Decoder) throws {
        let object = try CatalogFields.object(JSONValue(from: decoder), field: nil)
        self.init()
        if let value = object["query"] {
            guard case .string(let query) = value else { throw RestoreError.wrongType(field: "query", expected: "a string", got: value.briefDescription) }
            self.query = query
        }
        if let value = object["selectedID"], value != .null {
            selectedID = try CatalogFields.id(value, field: "selectedID", expected: "an integer or null")
        }
        if let value = object["showsOnlySelected"] {
            guard case .bool(let shows) = value else { throw RestoreError.wrongType(field: "showsOnlySelected", expected: "a boolean", got: value.briefDescription) }
            showsOnlySelected = shows
        }
        if let value = object["viewport"], value != .null {
            viewport = try CatalogFields.viewport(value)
        }
    }

    /// Writes every field in a fixed order, an absent selection or viewport as `null`, the
    /// offset clamped into `0...1` and each neighbour list cut to its first three IDs.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CatalogFields.Key.self)
        try container.encode(query, forKey: .query)
        if let selectedID { try container.encode(selectedID, forKey: .selectedID) } else { try container.encodeNil(forKey: .selectedID) }
        try container.encode(showsOnlySelected, forKey: .showsOnlySelected)
        if let viewport {
            var nested = container.nestedContainer(keyedBy: CatalogFields.ViewportKey.self, forKey: .viewport)
            try nested.encode(viewport.anchorID, forKey: .anchorID)
            try nested.encode(viewport.offset.isNaN ? 0 : min(max(viewport.offset, 0), 1), forKey: .offset)
            try nested.encode(Array(viewport.before.prefix(CatalogViewport.neighbourLimit)), forKey: .before)
            try nested.encode(Array(viewport.after.prefix(CatalogViewport.neighbourLimit)), forKey: .after)
        } else {
            try container.encodeNil(forKey: .viewport)
        }
    }
}

/// How the catalog's record fields are read and named.
enum CatalogFields {
    enum Key: String, CodingKey {
        case query, selectedID, showsOnlySelected, viewport
    }

    enum ViewportKey: String, CodingKey {
        case anchorID, offset, before, after
    }

    static func object(_ value: JSONValue, field: String?) throws(RestoreError) -> JSONObject {
        guard case .object(let object) = value else {
            guard let field else { throw .notAnObject(got: value.kindName) }
            throw .wrongType(field: field, expected: "an object or null", got: value.briefDescription)
        }
        return object
    }

    static func viewport(_ value: JSONValue) throws(RestoreError) -> CatalogViewport {
        let object = try object(value, field: "viewport")
        func required(_ key: String) throws(RestoreError) -> JSONValue {
            guard let value = object[key] else { throw .missingField("viewport.\(key)") }
            return value
        }
        let anchorID = try id(required("anchorID"), field: "viewport.anchorID", expected: "an integer")
        let offset: Double
        switch try required("offset") {
        case .integer(let integer): offset = Double(integer)
        case .double(let double): offset = double
        case let other: throw .wrongType(field: "viewport.offset", expected: "a number", got: other.briefDescription)
        }
        return CatalogViewport(
            anchorID: anchorID, offset: offset,
            before: Array(try ids(required("before"), field: "viewport.before").prefix(CatalogViewport.neighbourLimit)),
            after: Array(try ids(required("after"), field: "viewport.after").prefix(CatalogViewport.neighbourLimit))
        )
    }

    static func ids(_ value: JSONValue, field: String) throws(RestoreError) -> [Int] {
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

    static func id(_ value: JSONValue, field: String, expected: String) throws(RestoreError) -> Int {
        guard case .integer(let integer) = value, let id = Int(exactly: integer) else {
            throw .wrongType(field: field, expected: expected, got: value.briefDescription)
        }
        return id
    }
}
