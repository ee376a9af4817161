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

    func decodeNil(forKey key: Key) throws -> Bool { try value(for: key) == .null }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try TreeDecoder.bool(try value(for: key)) { codingPath + [key] } }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try TreeDecoder.string(try value(for: key)) { codingPath + [key] } }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try TreeDecoder.double(try value(for: key)) { codingPath + [key] } }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try integer(type, key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try integer(type, key) }
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
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try integerIfPresent(type, key) }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try integerIfPresent(type, key) }
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
