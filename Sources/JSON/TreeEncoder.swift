final class TreeEncoder: Encoder {
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    var root: EncodingNode?

    init(codingPath: [any CodingKey], root: EncodingNode? = nil) {
        self.codingPath = codingPath
        self.root = root
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(KeyedTreeEncoder<Key>(node: rootNode(.object([])), codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        UnkeyedTreeEncoder(node: rootNode(.array([])), codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleTreeEncoder(encoder: self)
    }

    /// The root node, created as `content` when nothing was encoded yet. Asking for a container
    /// of the kind already there reuses it, as Foundation's encoders do.
    private func rootNode(_ content: EncodingNode.Content) -> EncodingNode {
        if let root {
            switch (root.content, content) {
            case (.object, .object), (.array, .array): break
            default: root.content = content
            }
            return root
        }
        let node = EncodingNode(content)
        root = node
        return node
    }

    /// `value` as a member: its value when it has a fixed JSON form, otherwise the node its
    /// own encoding wrote (its coding path, `path`, made only then).
    static func encoded<T: Encodable>(_ value: T, at path: @autoclosure () -> [any CodingKey]) throws -> EncodingNode.Member {
        if let leaf = try leafValue(value, at: path) { return .value(leaf) }
        let encoder = TreeEncoder(codingPath: path())
        try value.encode(to: encoder)
        return .node(encoder.root ?? EncodingNode(.object([])))
    }

    /// Values with a fixed JSON form, encoded without a nested encoder. Metatype comparisons,
    /// not casts: each is one pointer compare, and the value is then known to be of that type.
    static func leafValue<T: Encodable>(_ value: T, at path: () -> [any CodingKey]) throws -> JSONValue? {
        if T.self == String.self { return .string(unsafeBitCast(value, to: String.self)) }
        if T.self == Int.self { return .integer(Int64(unsafeBitCast(value, to: Int.self))) }
        if T.self == Bool.self { return .bool(unsafeBitCast(value, to: Bool.self)) }
        if T.self == Double.self { return try double(unsafeBitCast(value, to: Double.self), at: path()) }
        if T.self == Int64.self { return .integer(unsafeBitCast(value, to: Int64.self)) }
        return nil
    }

    static func double(_ value: Double, at path: [any CodingKey]) throws -> JSONValue {
        guard value.isFinite else {
            throw EncodingError.invalidValue(value, EncodingError.Context(codingPath: path, debugDescription: "JSON cannot hold \(value)"))
        }
        return .double(value)
    }

    static func integer<T: BinaryInteger>(_ value: T, at path: [any CodingKey]) throws -> JSONValue {
        guard let exact = Int64(exactly: value) else {
            throw EncodingError.invalidValue(value, EncodingError.Context(codingPath: path, debugDescription: "\(value) does not fit a 64-bit signed integer"))
        }
        return .integer(exact)
    }
}
