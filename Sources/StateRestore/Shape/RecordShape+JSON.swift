import JSON

extension RecordShape: Codable {
    /// The shape as the JSON of a `shape-v<N>.json` file: `{"type": "object", "fields": {…}}`,
    /// with `"optional": true`, `"element"` and `"values"` only where they apply. Written with
    /// sorted keys (`JSONValue.encoded(pretty:sortedKeys:)`) it is stable from run to run.
    public var jsonValue: JSONValue {
        var object: JSONObject = ["type": .string(type.rawValue)]
        if isOptional { object["optional"] = true }
        if type == .object {
            var fields = JSONObject()
            for name in self.fields.keys.sorted(by: Self.codeUnitOrder) { fields[name] = self.fields[name]?.jsonValue }
            object["fields"] = .object(fields)
        }
        if let element { object["element"] = element.jsonValue }
        if let allowedValues { object["values"] = .array(Self.sorted(allowedValues)) }
        return .object(object)
    }

    /// The shape a ``jsonValue`` describes.
    ///
    /// - Throws: ``RestoreError/invalidFormatFile(path:reason:)`` (with an empty path) naming
    ///   what is wrong and where.
    public init(json: JSONValue) throws(RestoreError) {
        try self.init(json: json, at: "")
    }

    private init(json: JSONValue, at path: String) throws(RestoreError) {
        func invalid(_ reason: String) -> RestoreError {
            .invalidFormatFile(path: "", reason: path.isEmpty ? reason : "\(path): \(reason)")
        }
        guard case .object(let object) = json else { throw invalid("a shape must be an object, got \(json.briefDescription)") }
        guard case .string(let name)? = object["type"], let type = JSONType(rawValue: name) else {
            throw invalid("\"type\" must be one of \(JSONType.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        var fields: [String: RecordShape] = [:]
        if let value = object["fields"] {
            guard case .object(let members) = value, type == .object else { throw invalid("\"fields\" must be an object, and only of an object") }
            for (name, field) in members { fields[name] = try RecordShape(json: field, at: path.isEmpty ? name : "\(path).\(name)") }
        }
        var element: RecordShape?
        if let value = object["element"] {
            guard type == .array || type == .dictionary else { throw invalid("only an array or a dictionary has an \"element\"") }
            element = try RecordShape(json: value, at: "\(path)[]")
        } else if type == .array || type == .dictionary {
            throw invalid("an \(type.rawValue) needs an \"element\"")
        }
        var values: [JSONValue]?
        if let value = object["values"] {
            guard case .array(let list) = value, type == .string || type == .integer,
                list.allSatisfy({ RecordShape(inferredFrom: $0).type == type })
            else { throw invalid("\"values\" must be an array of \(type == .integer ? "integers" : "strings"), of a string or an integer") }
            values = list
        }
        let optional: Bool
        switch object["optional"] {
        case nil: optional = false
        case .bool(let flag)?: optional = flag
        case let other?: throw invalid("\"optional\" must be a boolean, got \(other.briefDescription)")
        }
        self.init(type: type, isOptional: optional, fields: fields, element: element, allowedValues: values)
    }

    /// Decodes a shape from its ``jsonValue`` form.
    public init(from decoder: any Decoder) throws {
        try self.init(json: JSONValue(from: decoder))
    }

    /// Encodes the shape's ``jsonValue`` form.
    public func encode(to encoder: any Encoder) throws {
        try Self.encode(jsonValue, to: encoder)
    }

    /// Object keys in the order of their UTF-8 bytes, as sorted JSON writes them.
    static func codeUnitOrder(_ lhs: String, _ rhs: String) -> Bool { lhs.utf8.lexicographicallyPrecedes(rhs.utf8) }

    /// Enum values in a stable order: integers by value, strings by their UTF-8 bytes.
    static func sorted(_ values: [JSONValue]) -> [JSONValue] {
        values.sorted { lhs, rhs in
            switch (lhs, rhs) {
            case (.integer(let left), .integer(let right)): left < right
            case (.string(let left), .string(let right)): codeUnitOrder(left, right)
            case (.integer, _): true
            default: false
            }
        }
    }

    /// Writes a JSON value through any encoder (JSONValue itself is not `Encodable`).
    private static func encode(_ value: JSONValue, to encoder: any Encoder) throws {
        switch value {
        case .object(let object):
            var container = encoder.container(keyedBy: ShapeCodingKey.self)
            for (key, member) in object { try encode(member, to: container.superEncoder(forKey: ShapeCodingKey(key))) }
        case .array(let elements):
            var container = encoder.unkeyedContainer()
            for element in elements { try encode(element, to: container.superEncoder()) }
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        case .bool(let flag):
            var container = encoder.singleValueContainer()
            try container.encode(flag)
        case .integer(let integer):
            var container = encoder.singleValueContainer()
            try container.encode(integer)
        case .double(let double):
            var container = encoder.singleValueContainer()
            try container.encode(double)
        case .string(let string):
            var container = encoder.singleValueContainer()
            try container.encode(string)
        }
    }
}
