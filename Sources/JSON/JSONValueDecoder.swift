/// Decodes a `Decodable` value straight from a ``JSONValue`` tree, strictly.
///
/// Types are never blurred: an integer field needs a JSON integer that fits, a `Bool` needs
/// `true`/`false`, a `String` a string; a `Double` accepts any number. Unknown keys are
/// ignored (the record codec keeps them separately). A failure is a `DecodingError` whose
/// context has the full coding path; the record codec turns it into a message naming the
/// field (`viewport.anchorID`, `items[2].title`).
///
/// It reads the tree in place: a field is looked up in its object and read without copying
/// the subtree, and a field's coding path is only put together when an error or a nested
/// container needs it.
///
/// ```swift
/// let state = try JSONValueDecoder().decode(ReaderState.self, from: value)
/// ```
public struct JSONValueDecoder: Sendable {
    /// Creates a decoder.
    public init() {}

    /// The value of type `type` that `value` describes.
    public func decode<T: Decodable>(_ type: T.Type, from value: JSONValue) throws(DecodingError) -> T {
        do {
            return try TreeDecoder(value: value, parentPath: [], last: .none).decodeValue(type)
        } catch let error as DecodingError {
            throw error
        } catch {
            throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: [], debugDescription: "\(error)", underlyingError: error))
        }
    }
}

/// The last step of a value's coding path, kept apart from its parent's path so reading a
/// scalar field allocates no path at all.
enum TreePathStep {
    case none
    case key(any CodingKey)
    case index(Int)

    func appended(to parent: [any CodingKey]) -> [any CodingKey] {
        switch self {
        case .none: parent
        case .key(let key): parent + [key]
        case .index(let index): parent + [IndexOrNameKey(index)]
        }
    }
}

struct TreeDecoder: Decoder {
    let value: JSONValue
    let parentPath: [any CodingKey]
    let last: TreePathStep

    var codingPath: [any CodingKey] { last.appended(to: parentPath) }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let object) = value else { throw mismatch(Key.self, expected: "an object") }
        return KeyedDecodingContainer(KeyedTreeDecoder<Key>(object: object, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = value else { throw mismatch([JSONValue].self, expected: "an array") }
        return UnkeyedTreeDecoder(elements: elements, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    func mismatch(_ type: Any.Type, expected: String) -> DecodingError {
        Self.mismatch(type, expected: expected, got: value, at: codingPath)
    }

    static func mismatch(_ type: Any.Type, expected: String, got value: JSONValue, at path: [any CodingKey]) -> DecodingError {
        DecodingError.typeMismatch(type, DecodingError.Context(codingPath: path, debugDescription: "expected \(expected), got \(value.briefDescription)"))
    }

    /// Decodes `type` from this value; the common leaf types are read without a nested decoder.
    func decodeValue<T: Decodable>(_ type: T.Type) throws -> T {
        // Metatype comparisons, not casts: each is one pointer compare, after which `T` is
        // known to be that type.
        if T.self == String.self { return unsafeBitCast(try decode(String.self), to: T.self) }
        if T.self == Int.self { return unsafeBitCast(try decode(Int.self), to: T.self) }
        if T.self == Bool.self { return unsafeBitCast(try decode(Bool.self), to: T.self) }
        if T.self == Double.self { return unsafeBitCast(try decode(Double.self), to: T.self) }
        if T.self == JSONValue.self { return unsafeBitCast(value, to: T.self) }
        return try T(from: self)
    }

    // MARK: Leaf values, shared by the three kinds of container

    static func bool(_ value: JSONValue, at path: () -> [any CodingKey]) throws -> Bool {
        guard case .bool(let bool) = value else { throw mismatch(Bool.self, expected: "a boolean", got: value, at: path()) }
        return bool
    }

    static func string(_ value: JSONValue, at path: () -> [any CodingKey]) throws -> String {
        guard case .string(let string) = value else { throw mismatch(String.self, expected: "a string", got: value, at: path()) }
        return string
    }

    static func double(_ value: JSONValue, at path: () -> [any CodingKey]) throws -> Double {
        switch value {
        case .double(let double): return double
        case .integer(let integer): return Double(integer)
        default: throw mismatch(Double.self, expected: "a number", got: value, at: path())
        }
    }

    static func integer<T: FixedWidthInteger>(_ value: JSONValue, as type: T.Type, at path: () -> [any CodingKey]) throws -> T {
        guard case .integer(let integer) = value else { throw mismatch(type, expected: "an integer", got: value, at: path()) }
        guard let exact = T(exactly: integer) else { throw mismatch(type, expected: "an integer that fits \(T.self)", got: value, at: path()) }
        return exact
    }
}

extension TreeDecoder: SingleValueDecodingContainer {
    func decodeNil() -> Bool {
        if case .null = value { return true }
        return false
    }

    func decode(_ type: Bool.Type) throws -> Bool { try Self.bool(value) { codingPath } }
    func decode(_ type: String.Type) throws -> String { try Self.string(value) { codingPath } }
    func decode(_ type: Double.Type) throws -> Double { try Self.double(value) { codingPath } }
    func decode(_ type: Float.Type) throws -> Float { Float(try decode(Double.self)) }
    func decode(_ type: Int.Type) throws -> Int { try Self.integer(value, as: type) { codingPath } }
    func decode(_ type: Int8.Type) throws -> Int8 { try Self.integer(value, as: type) { codingPath } }
    func decode(_ type: Int16.Type) throws -> Int16 { try Self.integer(value, as: type) { codingPath } }
    func decode(_ type: Int32.Type) throws -> Int32 { try Self.integer(value, as: type) { codingPath } }
    func decode(_ type: Int64.Type) throws -> Int64 { try Self.integer(value, as: type) { codingPath } }
    func decode(_ type: UInt.Type) throws -> UInt { try Self.integer(value, as: type) { codingPath } }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try Self.integer(value, as: type) { codingPath } }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try Self.integer(value, as: type) { codingPath } }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try Self.integer(value, as: type) { codingPath } }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try Self.integer(value, as: type) { codingPath } }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decodeValue(type) }
}

/// An object's fields, each looked up once and read in place.
struct KeyedTreeDecoder<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let object: JSONObject
    let codingPath: [any CodingKey]

    var allKeys: [Key] { object.keys.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { object[key.stringValue] != nil }

    private func value(for key: Key) throws -> JSONValue {
        guard let value = object[key.stringValue] else {
            throw DecodingError.keyNotFound(key, DecodingError.Context(codingPath: codingPath, debugDescription: "the field is missing"))
        }
        return value
    }

    /// The value of `key` unless it is absent or `null`, as `decodeIfPresent` reads it.
    private func presentValue(for key: Key) -> JSONValue? {
        guard let value = object[key.stringValue] else { return nil }
        if case .null = value { return nil }
        return value
    }

    private func decoder(for key: Key) throws -> TreeDecoder {
        TreeDecoder(value: try value(for: key), parentPath: codingPath, last: .key(key))
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        if case .null = try value(for: key) { return true }
        return false
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try TreeDecoder.bool(try value(for: key)) { codingPath + [key] } }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try TreeDecoder.string(try value(for: key)) { codingPath + [key] } }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try TreeDecoder.double(try value(for: key)) { codingPath + [key] } }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { Float(try decode(Double.self, forKey: key)) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try integer(type, key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try integer(type, key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try integer(type, key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try integer(type, key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try integer(type, key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try integer(type, key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try integer(type, key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try integer(type, key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try integer(type, key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try integer(type, key) }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try decoder(for: key).decodeValue(type) }

    private func integer<T: FixedWidthInteger>(_ type: T.Type, _ key: Key) throws -> T {
        try TreeDecoder.integer(try value(for: key), as: type) { codingPath + [key] }
    }

    // An absent field and a `null` one are both nil; anything else must have the type.
    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
        try presentValue(for: key).map { value in try TreeDecoder.bool(value) { codingPath + [key] } }
    }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
        try presentValue(for: key).map { value in try TreeDecoder.string(value) { codingPath + [key] } }
    }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
        try presentValue(for: key).map { value in try TreeDecoder.double(value) { codingPath + [key] } }
    }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { try decodeIfPresent(Double.self, forKey: key).map(Float.init) }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try integerIfPresent(type, key) }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try integerIfPresent(type, key) }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try integerIfPresent(type, key) }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try integerIfPresent(type, key) }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try integerIfPresent(type, key) }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try integerIfPresent(type, key) }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try integerIfPresent(type, key) }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try integerIfPresent(type, key) }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try integerIfPresent(type, key) }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try integerIfPresent(type, key) }
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        try presentValue(for: key).map { value in try TreeDecoder(value: value, parentPath: codingPath, last: .key(key)).decodeValue(type) }
    }

    private func integerIfPresent<T: FixedWidthInteger>(_ type: T.Type, _ key: Key) throws -> T? {
        try presentValue(for: key).map { value in try TreeDecoder.integer(value, as: type) { codingPath + [key] } }
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try decoder(for: key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try decoder(for: key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        TreeDecoder(value: object["super"] ?? .null, parentPath: codingPath, last: .key(IndexOrNameKey("super")))
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        TreeDecoder(value: object[key.stringValue] ?? .null, parentPath: codingPath, last: .key(key))
    }
}

/// An array's elements in order; an element's path (`[2]`) is made only when it is needed.
struct UnkeyedTreeDecoder: UnkeyedDecodingContainer {
    let elements: [JSONValue]
    let codingPath: [any CodingKey]
    private(set) var currentIndex = 0

    init(elements: [JSONValue], codingPath: [any CodingKey]) {
        self.elements = elements
        self.codingPath = codingPath
    }

    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    /// The next element, and its position, consumed.
    private mutating func nextValue() throws -> (JSONValue, Int) {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                JSONValue.self,
                DecodingError.Context(codingPath: codingPath + [IndexOrNameKey(currentIndex)], debugDescription: "the array has only \(elements.count) elements")
            )
        }
        defer { currentIndex += 1 }
        return (elements[currentIndex], currentIndex)
    }

    private mutating func next() throws -> TreeDecoder {
        let (value, index) = try nextValue()
        return TreeDecoder(value: value, parentPath: codingPath, last: .index(index))
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, case .null = elements[currentIndex] else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool {
        let (value, index) = try nextValue()
        return try TreeDecoder.bool(value) { codingPath + [IndexOrNameKey(index)] }
    }

    mutating func decode(_ type: String.Type) throws -> String {
        let (value, index) = try nextValue()
        return try TreeDecoder.string(value) { codingPath + [IndexOrNameKey(index)] }
    }

    mutating func decode(_ type: Double.Type) throws -> Double {
        let (value, index) = try nextValue()
        return try TreeDecoder.double(value) { codingPath + [IndexOrNameKey(index)] }
    }

    mutating func decode(_ type: Int.Type) throws -> Int {
        let (value, index) = try nextValue()
        return try TreeDecoder.integer(value, as: type) { codingPath + [IndexOrNameKey(index)] }
    }

    mutating func decode(_ type: Int64.Type) throws -> Int64 {
        let (value, index) = try nextValue()
        return try TreeDecoder.integer(value, as: type) { codingPath + [IndexOrNameKey(index)] }
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next().decodeValue(type) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try next().container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { try next().unkeyedContainer() }
    mutating func superDecoder() throws -> any Decoder { try next() }
}
