struct UnkeyedTreeEncoder: UnkeyedEncodingContainer {
    let node: EncodingNode
    let codingPath: [any CodingKey]
    var count: Int { node.count }

    private var nextPath: [any CodingKey] { codingPath + [IndexOrNameKey(count)] }

    mutating func encodeNil() throws { node.append(.value(.null)) }
    mutating func encode(_ value: some Encodable) throws { node.append(try TreeEncoder.encoded(value, at: nextPath)) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let path = nextPath
        let nested = EncodingNode(.object([]))
        node.append(.node(nested))
        return KeyedEncodingContainer(KeyedTreeEncoder<NestedKey>(node: nested, codingPath: path))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let path = nextPath
        let nested = EncodingNode(.array([]))
        node.append(.node(nested))
        return UnkeyedTreeEncoder(node: nested, codingPath: path)
    }

    mutating func superEncoder() -> any Encoder {
        let path = nextPath
        let nested = EncodingNode(.object([]))
        node.append(.node(nested))
        return TreeEncoder(codingPath: path, root: nested)
    }
}
