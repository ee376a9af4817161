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
