import JSON

/// The probe's unkeyed container: it holds the default's elements, or one stand-in element
/// when the default's array is empty, so the element type is probed either way.
struct UnkeyedShapeProbe: UnkeyedDecodingContainer {
    let probe: ShapeProbe
    /// The default's elements here.
    let elements: [JSONValue]
    private(set) var currentIndex = 0

    var codingPath: [any CodingKey] { probe.codingPath }
    var count: Int? { max(elements.count, 1) }
    var isAtEnd: Bool { currentIndex >= max(elements.count, 1) }

    /// The next element's probe; a stand-in element whose value cannot be made unwinds the
    /// array (the enclosing value then takes the default's, empty, array).
    private mutating func next() -> ShapeProbe {
        defer { currentIndex += 1 }
        return probe.element(currentIndex, in: elements)
    }

    mutating func decodeNil() throws -> Bool {
        probe.node.elementNode().isOptional = true
        return false
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next().value(type) }
    mutating func decodeIfPresent<T: Decodable>(_ type: T.Type) throws -> T? { try next().optionalValue(type) }
    mutating func decode(_ type: Bool.Type) throws -> Bool { try next().value(type) }
    mutating func decode(_ type: String.Type) throws -> String { try next().value(type) }
    mutating func decode(_ type: Double.Type) throws -> Double { try next().value(type) }
    mutating func decode(_ type: Float.Type) throws -> Float { try next().value(type) }
    mutating func decode(_ type: Int.Type) throws -> Int { try next().value(type) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try next().value(type) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try next().value(type) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try next().value(type) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try next().value(type) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try next().value(type) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try next().value(type) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try next().value(type) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try next().value(type) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try next().value(type) }
    mutating func decodeIfPresent(_ type: Bool.Type) throws -> Bool? { try next().optionalValue(type) }
    mutating func decodeIfPresent(_ type: String.Type) throws -> String? { try next().optionalValue(type) }
    mutating func decodeIfPresent(_ type: Double.Type) throws -> Double? { try next().optionalValue(type) }
    mutating func decodeIfPresent(_ type: Float.Type) throws -> Float? { try next().optionalValue(type) }
    mutating func decodeIfPresent(_ type: Int.Type) throws -> Int? { try next().optionalValue(type) }
    mutating func decodeIfPresent(_ type: Int8.Type) throws -> Int8? { try next().optionalValue(type) }
    mutating func decodeIfPresent(_ type: Int16.Type) throws -> Int16? { try next().optionalValue(type) }
    mutating func decodeIfPresent(_ type: Int32.Type) throws -> Int32? { try next().optionalValue(type) }
    mutating func decodeIfPresent(_ type: Int64.Type) throws -> Int64? { try next().optionalValue(type) }
    mutating func decodeIfPresent(_ type: UInt.Type) throws -> UInt? { try next().optionalValue(type) }
    mutating func decodeIfPresent(_ type: UInt8.Type) throws -> UInt8? { try next().optionalValue(type) }
    mutating func decodeIfPresent(_ type: UInt16.Type) throws -> UInt16? { try next().optionalValue(type) }
    mutating func decodeIfPresent(_ type: UInt32.Type) throws -> UInt32? { try next().optionalValue(type) }
    mutating func decodeIfPresent(_ type: UInt64.Type) throws -> UInt64? { try next().optionalValue(type) }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try next().container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { try next().unkeyedContainer() }
    mutating func superDecoder() throws -> any Decoder { next() }
}
