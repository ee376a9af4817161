/// Encodes an `Encodable` value straight into a ``JSONValue`` tree, with no text in between.
///
/// Two choices make it fit records:
/// - an absent optional is written as `null` (`encodeIfPresent` writes the key), so encoding a
///   type's default value lists every field it has, optional ones included;
/// - integers stay `.integer` and floating-point numbers `.double`; a non-finite double, which
///   JSON cannot hold, is an `EncodingError`.
///
/// ```swift
/// let value = try JSONValueEncoder().encode(ReaderState(bookID: 7, page: 12))
/// // .object(["bookID": 7, "page": 12, "fontSize": 1.0])
/// ```
public struct JSONValueEncoder: Sendable {
    /// Creates an encoder.
    public init() {}

    /// The JSON value of `value`.
    public func encode(_ value: some Encodable) throws(EncodingError) -> JSONValue {
        do {
            let encoder = TreeEncoder(codingPath: [])
            try value.encode(to: encoder)
            return encoder.root?.value ?? .object(JSONObject())
        } catch let error as EncodingError {
            throw error
        } catch {
            throw EncodingError.invalidValue(
                value, EncodingError.Context(codingPath: [], debugDescription: "\(error)", underlyingError: error)
            )
        }
    }
}

/// A node of the tree being built; containers hand out references so nested containers can
/// keep writing after they were returned by value. A scalar member is held as its value, so
/// only containers are nodes.
final class EncodingNode {
    /// A member of an object or an element of an array: a finished value, or a container that
    /// may still be written to.
    enum Member {
        case value(JSONValue)
        case node(EncodingNode)

        var value: JSONValue {
            switch self {
            case .value(let value): value
            case .node(let node): node.value
            }
        }
    }

    enum Content {
        case value(JSONValue)
        case object([(String, Member)])
        case array([Member])
    }

    var content: Content

    init(_ content: Content) { self.content = content }

    var value: JSONValue {
        switch content {
        case .value(let value):
            return value
        case .object(let members):
            // `set` keeps the keys unique (replacing a key it is given again).
            return .object(JSONObject(uniqueMembers: members.map { ($0.0, $0.1.value) }))
        case .array(let elements):
            return .array(elements.map(\.value))
        }
    }

    func set(_ key: String, _ member: Member) {
        guard case .object(var members) = content else { return }
        content = .value(.null)  // so `members` is the array's only reference and grows in place
        if let index = members.firstIndex(where: { $0.0 == key }) {
            members[index].1 = member
        } else {
            members.append((key, member))
        }
        content = .object(members)
    }

    func append(_ member: Member) {
        guard case .array(var elements) = content else { return }
        content = .value(.null)  // so `elements` is the array's only reference and grows in place
        elements.append(member)
        content = .array(elements)
    }

    var count: Int {
        if case .array(let elements) = content { return elements.count }
        return 0
    }
}

final class TreeEncoder: Encoder {
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    var root: EncodingNode?

    init(codingPath: [any CodingKey], root: EncodingNode? = nil) {
        self.codingPath = codingPath
        self.root = root
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let node = rootNode(.object([]))
        return KeyedEncodingContainer(KeyedTreeEncoder<Key>(node: node, codingPath: codingPath))
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
            case (.object, .object), (.array, .array): return root
            default: break
            }
            root.content = content
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

struct KeyedTreeEncoder<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: EncodingNode
    let codingPath: [any CodingKey]

    private func put(_ value: JSONValue, _ key: Key) { node.set(key.stringValue, .value(value)) }

    mutating func encodeNil(forKey key: Key) throws { put(.null, key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { put(.bool(value), key) }
    mutating func encode(_ value: String, forKey key: Key) throws { put(.string(value), key) }
    mutating func encode(_ value: Double, forKey key: Key) throws { put(try TreeEncoder.double(value, at: codingPath + [key]), key) }
    mutating func encode(_ value: Float, forKey key: Key) throws { put(try TreeEncoder.double(Double(value), at: codingPath + [key]), key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { put(.integer(Int64(value)), key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { put(.integer(Int64(value)), key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { put(.integer(Int64(value)), key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { put(.integer(Int64(value)), key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { put(.integer(value), key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { put(try TreeEncoder.integer(value, at: codingPath + [key]), key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { put(.integer(Int64(value)), key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { put(.integer(Int64(value)), key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { put(.integer(Int64(value)), key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { put(try TreeEncoder.integer(value, at: codingPath + [key]), key) }
    mutating func encode(_ value: some Encodable, forKey key: Key) throws {
        node.set(key.stringValue, try TreeEncoder.encoded(value, at: codingPath + [key]))
    }

    // An absent optional is written as null, so every field of a type appears in its encoding.
    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { try encodeOrNull(value, key) }
    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { try encodeOrNull(value, key) }
    mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws { try encodeOrNull(value, key) }
    mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws { try encodeOrNull(value, key) }
    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { try encodeOrNull(value, key) }
    mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws { try encodeOrNull(value, key) }
    mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws { try encodeOrNull(value, key) }
    mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws { try encodeOrNull(value, key) }
    mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws { try encodeOrNull(value, key) }
    mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws { try encodeOrNull(value, key) }
    mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws { try encodeOrNull(value, key) }
    mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws { try encodeOrNull(value, key) }
    mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws { try encodeOrNull(value, key) }
    mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws { try encodeOrNull(value, key) }
    mutating func encodeIfPresent(_ value: (some Encodable)?, forKey key: Key) throws { try encodeOrNull(value, key) }

    private mutating func encodeOrNull(_ value: (some Encodable)?, _ key: Key) throws {
        if let value { try encode(value, forKey: key) } else { put(.null, key) }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        let nested = EncodingNode(.object([]))
        node.set(key.stringValue, .node(nested))
        return KeyedEncodingContainer(KeyedTreeEncoder<NestedKey>(node: nested, codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let nested = EncodingNode(.array([]))
        node.set(key.stringValue, .node(nested))
        return UnkeyedTreeEncoder(node: nested, codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder { superEncoder(named: "super") }
    mutating func superEncoder(forKey key: Key) -> any Encoder { superEncoder(named: key.stringValue) }

    private func superEncoder(named name: String) -> any Encoder {
        let nested = EncodingNode(.object([]))
        node.set(name, .node(nested))
        return TreeEncoder(codingPath: codingPath + [IndexOrNameKey(name)], root: nested)
    }
}

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

/// A coding key for array positions and `super` keys.
struct IndexOrNameKey: CodingKey {
    let stringValue: String
    let intValue: Int?

    init(_ index: Int) {
        stringValue = "[\(index)]"
        intValue = index
    }

    init(_ name: String) {
        stringValue = name
        intValue = nil
    }

    init?(stringValue: String) { self.init(stringValue) }
    init?(intValue: Int) { self.init(intValue) }
}
