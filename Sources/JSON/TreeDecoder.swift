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
    func decodeNil() -> Bool { value == .null }

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
