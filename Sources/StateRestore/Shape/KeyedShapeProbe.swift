import JSON

/// The probe's keyed container: every field asked for is recorded, `contains` answers true and
/// `decodeNil` false (so a conditional read is followed), and `allKeys` lists one key of any
/// name, which makes the value a dictionary.
struct KeyedShapeProbe<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let probe: ShapeProbe
    /// The default's object here, if it has one.
    let object: JSONObject?

    var codingPath: [any CodingKey] { probe.codingPath }

    var allKeys: [Key] {
        probe.node.listsAllKeys = true
        return [Key(stringValue: ShapeCodingKey.anyKey)].compactMap { $0 }
    }

    func contains(_ key: Key) -> Bool { true }

    private func field(_ key: Key) -> ShapeProbe {
        var field = probe.field(key.stringValue, key: key, in: object)
        // The key `allKeys` offered stands for every key: the default's first value is its sample.
        if key.stringValue == ShapeCodingKey.anyKey, probe.node.listsAllKeys, field.sample == nil { field.sample = object?.first?.value }
        return field
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        field(key).node.isOptional = true
        return false
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try field(key).value(type) }
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? { try field(key).optionalValue(type) }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try field(key).value(type) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try field(key).value(type) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try field(key).value(type) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try field(key).value(type) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try field(key).value(type) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try field(key).value(type) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try field(key).value(type) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try field(key).value(type) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try field(key).value(type) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try field(key).value(type) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try field(key).value(type) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try field(key).value(type) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try field(key).value(type) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try field(key).value(type) }
    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try field(key).optionalValue(type) }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try field(key).optionalValue(type) }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try field(key).optionalValue(type) }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { try field(key).optionalValue(type) }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try field(key).optionalValue(type) }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try field(key).optionalValue(type) }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try field(key).optionalValue(type) }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try field(key).optionalValue(type) }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try field(key).optionalValue(type) }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try field(key).optionalValue(type) }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try field(key).optionalValue(type) }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try field(key).optionalValue(type) }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try field(key).optionalValue(type) }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try field(key).optionalValue(type) }
    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try field(key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer { try field(key).unkeyedContainer() }

    func superDecoder() throws -> any Decoder { probe.field("super", key: ShapeCodingKey("super"), in: object) }

    func superDecoder(forKey key: Key) throws -> any Decoder { field(key) }
}
