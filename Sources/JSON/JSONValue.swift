/// A JSON value with exact control over its number kinds.
///
/// Unlike `JSONSerialization`, integers, doubles and booleans never blur into one another:
/// a number without fraction or exponent that fits `Int64` is `.integer`, every other number is
/// `.double`, and `true`/`false` are `.bool`. Objects keep their keys in document order.
///
/// ```swift
/// let value = try JSONValue.parse(#"{"id": 7, "title": "Dune"}"#)
/// value["id"]             // .integer(7)
/// value.encoded()         // {"id":7,"title":"Dune"}
/// ```
public enum JSONValue: Equatable, Sendable {
    /// The JSON literal `null`.
    case null
    /// The JSON literals `true` and `false`.
    case bool(Bool)
    /// A number without fraction or exponent that fits `Int64`.
    case integer(Int64)
    /// Any other number; may be infinite when a literal overflows `Double` (`1e400`).
    case double(Double)
    /// A string of Unicode scalars.
    case string(String)
    /// An ordered list of values.
    case array([JSONValue])
    /// An object whose keys keep their document order.
    case object(JSONObject)
}

extension JSONValue {
    /// The member named `key` when this value is an object, otherwise `nil`.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let object) = self else { return nil }
        return object[key]
    }

    /// A short name for the kind of value, used in error messages (`"integer"`, `"string"`, …).
    public var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .integer: "integer"
        case .double: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }

    /// The kind of value followed by a compact rendering clipped to about 40 characters,
    /// for error messages: `string "abc"`, `number 1.5`, `object {"a":1}`.
    public var briefDescription: String {
        if case .null = self { return "null" }
        let text = encoded()
        let clipped = text.count > 40 ? String(text.prefix(37)) + "..." : text
        return "\(kindName) \(clipped)"
    }
}

extension JSONValue {
    /// Equal when of the same kind with equal contents; strings, and object keys, are compared
    /// by their code units (RFC 8259 §8.3), so two canonically equivalent spellings differ.
    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let left), .bool(let right)): left == right
        case (.integer(let left), .integer(let right)): left == right
        case (.double(let left), .double(let right)): left == right
        case (.string(let left), .string(let right)): left.utf8.elementsEqual(right.utf8)
        case (.array(let left), .array(let right)): left == right
        case (.object(let left), .object(let right)): left == right
        default: false
        }
    }
}

extension JSONValue:
    ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, ExpressibleByStringLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    /// Creates `.null`.
    public init(nilLiteral: ()) { self = .null }
    /// Creates `.bool`.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// Creates `.integer`.
    public init(integerLiteral value: Int64) { self = .integer(value) }
    /// Creates `.double`.
    public init(floatLiteral value: Double) { self = .double(value) }
    /// Creates `.string`.
    public init(stringLiteral value: String) { self = .string(value) }
    /// Creates `.array`.
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    /// Creates `.object` with the pairs in literal order.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        var object = JSONObject()
        for (key, value) in elements { object[key] = value }
        self = .object(object)
    }
}
