/// Decodes a `Decodable` value straight from a ``JSONValue`` tree, strictly.
///
/// Types are never blurred: an integer field needs a JSON integer that fits, a `Bool` needs
/// `true`/`false`, a `String` a string; a `Double` accepts any number. Unknown keys are
/// ignored (the record codec keeps them separately). A failure is a `DecodingError` whose
/// context has the full coding path; the record codec turns it into a message naming the
/// field (`viewport.anchorID`, `items[2].title`).
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
            return try TreeDecoder(value: value, codingPath: []).decodeValue(type)
        } catch let error as DecodingError {
            throw error
        } catch {
            throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: [], debugDescription: "\(error)", underlyingError: error))
        }
    }
}

struct TreeDecoder: Decoder {
    let value: JSONValue
    let codingPath: [any CodingKey]
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
        DecodingError.typeMismatch(type, DecodingError.Context(codingPath: codingPath, debugDescription: "expected \(expected), got \(value.briefDescription)"))
    }

    func decodeValue<T: Decodable>(_ type: T.Type) throws -> T {
        switch type {
        case is String.Type: return try decode(String.self) as! T
        case is Bool.Type: return try decode(Bool.self) as! T
        case is Int.Type: return try decode(Int.self) as! T
        case is Double.Type: return try decode(Double.self) as! T
        case is JSONValue.Type: return value as! T
        default: return try T(from: self)
        }
    }

    func integer<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
        guard case .integer(let integer) = value else { throw mismatch(type, expected: "an integer") }
        guard let exact = T(exactly: integer) else { throw mismatch(type, expected: "an integer that fits \(T.self)") }
        return exact
    }
}

extension TreeDecoder: SingleValueDecodingContainer {
    func decodeNil() -> Bool { value == .null }

    func decode(_ type: Bool.Type) throws -> Bool {
        guard case .bool(let bool) = value else { throw mismatch(type, expected: "a boolean") }
        return bool
    }

    func decode(_ type: String.Type) throws -> String {
        guard case .string(let string) = value else { throw mismatch(type, expected: "a string") }
        return string
    }

    func decode(_ type: Double.Type) throws -> Double {
        switch value {
        case .double(let double): return double
        case .integer(let integer): return Double(integer)
        default: throw mismatch(type, expected: "a number")
        }
    }

    func decode(_ type: Float.Type) throws -> Float { Float(try decode(Double.self)) }
    func decode(_ type: Int.Type) throws -> Int { try integer(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decodeValue(type) }
}

struct KeyedTreeDecoder<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let object: JSONObject
    let codingPath: [any CodingKey]

    var allKeys: [Key] { object.keys.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { object[key.stringValue] != nil }

    private func decoder(for key: Key) throws -> TreeDecoder {
        guard let value = object[key.stringValue] else {
            throw DecodingError.keyNotFound(key, DecodingError.Context(codingPath: codingPath, debugDescription: "the field is missing"))
        }
        return TreeDecoder(value: value, codingPath: codingPath + [key])
    }

    func decodeNil(forKey key: Key) throws -> Bool { try decoder(for: key).decodeNil() }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try decoder(for: key).decodeValue(type) }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try decoder(for: key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try decoder(for: key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        TreeDecoder(value: object["super"] ?? .null, codingPath: codingPath + [IndexOrNameKey("super")])
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        TreeDecoder(value: object[key.stringValue] ?? .null, codingPath: codingPath + [key])
    }
}

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

    private mutating func next() throws -> TreeDecoder {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                JSONValue.self,
                DecodingError.Context(codingPath: codingPath + [IndexOrNameKey(currentIndex)], debugDescription: "the array has only \(elements.count) elements")
            )
        }
        defer { currentIndex += 1 }
        return TreeDecoder(value: elements[currentIndex], codingPath: codingPath + [IndexOrNameKey(currentIndex)])
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, elements[currentIndex] == .null else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next().decodeValue(type) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try next().container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { try next().unkeyedContainer() }
    mutating func superDecoder() throws -> any Decoder { try next() }
}
