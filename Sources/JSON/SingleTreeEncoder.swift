struct SingleTreeEncoder: SingleValueEncodingContainer {
    let encoder: TreeEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }

    private func put(_ value: JSONValue) {
        if let root = encoder.root { root.content = .value(value) } else { encoder.root = EncodingNode(.value(value)) }
    }

    mutating func encodeNil() throws { put(.null) }
    mutating func encode(_ value: Bool) throws { put(.bool(value)) }
    mutating func encode(_ value: String) throws { put(.string(value)) }
    mutating func encode(_ value: Double) throws { put(try TreeEncoder.double(value, at: codingPath)) }
    mutating func encode(_ value: Float) throws { put(try TreeEncoder.double(Double(value), at: codingPath)) }
    mutating func encode(_ value: Int) throws { put(.integer(Int64(value))) }
    mutating func encode(_ value: Int8) throws { put(.integer(Int64(value))) }
    mutating func encode(_ value: Int16) throws { put(.integer(Int64(value))) }
    mutating func encode(_ value: Int32) throws { put(.integer(Int64(value))) }
    mutating func encode(_ value: Int64) throws { put(.integer(value)) }
    mutating func encode(_ value: UInt) throws { put(try TreeEncoder.integer(value, at: codingPath)) }
    mutating func encode(_ value: UInt8) throws { put(.integer(Int64(value))) }
    mutating func encode(_ value: UInt16) throws { put(.integer(Int64(value))) }
    mutating func encode(_ value: UInt32) throws { put(.integer(Int64(value))) }
    mutating func encode(_ value: UInt64) throws { put(try TreeEncoder.integer(value, at: codingPath)) }
    mutating func encode(_ value: some Encodable) throws {
        switch try TreeEncoder.encoded(value, at: codingPath) {
        case .value(let value): put(value)
        case .node(let node): if let root = encoder.root { root.content = node.content } else { encoder.root = node }
        }
    }
}
