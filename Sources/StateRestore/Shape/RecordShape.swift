import JSON

/// What a kind's records look like: for an object, its fields by name, each with its JSON type,
/// whether it may be null or absent, and the values it is limited to where they are known.
///
/// A kind's shape is derived from its type (``init(of:)``): a probing decoder follows its
/// `init(from:)` and the encoding of its ``RestorableState/defaultValue`` fills in what the
/// probe cannot see. A kind whose `init(from:)` the probe cannot follow gives its shape as
/// ``RestorableState/recordShape``:
///
/// ```swift
/// static var recordShape: RecordShape? {
///     .object([
///         "query": .string,
///         "sort": .string(oneOf: ["date", "title"]),
///         "selectedID": .integer.optional,
///         "tags": .array(of: .string),
///     ])
/// }
/// ```
///
/// A shape is a value: `changes(from:to:defaults:)` compares two (the engine's compatibility
/// rule), ``violations(in:)`` checks a JSON value against one, and its `Codable` form is the
/// sorted, readable JSON of a format folder's `shape-v<N>.json` (see `KindFormat`).
public struct RecordShape: Equatable, Sendable {
    /// The JSON type of the value.
    public var type: JSONType
    /// Whether the value may be `null` (or, for a field, absent) as far as the type is
    /// concerned. A required field absent from a stored record still takes its default.
    public var isOptional: Bool
    /// For an object, its fields by name; empty otherwise.
    public var fields: [String: RecordShape]
    /// The values a string or integer is limited to (an enum's raw values), in order; nil when
    /// any value of the type is allowed.
    public var allowedValues: [JSONValue]?
    /// The element's shape, for an array or a dictionary; stored in an array only because a
    /// struct cannot hold itself.
    private var elementStorage: [RecordShape]

    /// A shape of `type`; use the static members (``string``, ``object(_:)``…) instead.
    public init(
        type: JSONType, isOptional: Bool = false, fields: [String: RecordShape] = [:], element: RecordShape? = nil,
        allowedValues: [JSONValue]? = nil
    ) {
        self.type = type
        self.isOptional = isOptional
        self.fields = fields
        self.allowedValues = allowedValues
        elementStorage = element.map { [$0] } ?? []
    }

    /// The shape of an array's elements or of a dictionary's values; nil for other types.
    public var element: RecordShape? {
        get { elementStorage.first }
        set { elementStorage = newValue.map { [$0] } ?? [] }
    }

    // MARK: Building shapes

    /// Any JSON value.
    public static let any = RecordShape(type: .any)
    /// A string.
    public static let string = RecordShape(type: .string)
    /// An integer.
    public static let integer = RecordShape(type: .integer)
    /// A number, integer or not.
    public static let number = RecordShape(type: .number)
    /// `true` or `false`.
    public static let boolean = RecordShape(type: .boolean)

    /// A string that is one of `values` (a `String` enum's raw values).
    public static func string(oneOf values: [String]) -> RecordShape {
        RecordShape(type: .string, allowedValues: values.map(JSONValue.string))
    }

    /// An integer that is one of `values` (an `Int` enum's raw values).
    public static func integer(oneOf values: [Int]) -> RecordShape {
        RecordShape(type: .integer, allowedValues: values.map { .integer(Int64($0)) })
    }

    /// An object with these fields.
    public static func object(_ fields: [String: RecordShape]) -> RecordShape {
        RecordShape(type: .object, fields: fields)
    }

    /// An array whose elements have the shape `element`.
    public static func array(of element: RecordShape) -> RecordShape {
        RecordShape(type: .array, element: element)
    }

    /// An object with any keys whose values have the shape `value` (a `[String: Value]`).
    public static func dictionary(of value: RecordShape) -> RecordShape {
        RecordShape(type: .dictionary, element: value)
    }

    /// This shape, but it may be `null` or absent.
    public var optional: RecordShape {
        var shape = self
        shape.isOptional = true
        return shape
    }
}
