/// A JSON object that keeps its members in insertion (document) order.
///
/// Keys are unique, compared by their code units as RFC 8259 §8.3 asks: the NFC and the NFD
/// spelling of "é" are two keys (Swift's `String ==` would take them for one). Lookup is a
/// linear scan for small objects (the common case: records and book entries have a handful of
/// keys) and a hash index once an object grows past a dozen members. Equality compares members
/// *in order*, because order is observable in what the encoder writes.
///
/// ```swift
/// var object: JSONObject = ["b": 1, "a": 2]
/// object["c"] = "new"      // appended at the end
/// object["b"] = nil        // removed
/// object.keys              // ["a", "c"]
/// ```
public struct JSONObject: Equatable, Sendable {
    /// One member of the object (the collection's `Element`, inferred from its subscript, so
    /// the public surface holds no alias of its own).
    package typealias Member = (key: String, value: JSONValue)

    /// Member count above which lookups go through a hash index instead of a linear scan.
    static let indexThreshold = 12

    private var entries: [Member] = []
    /// Key → position; empty while `entries.count <= indexThreshold`.
    private var index: [CodeUnits: Int] = [:]

    /// A key hashed and compared by its UTF-8 code units.
    private struct CodeUnits: Hashable {
        let key: String

        static func == (lhs: CodeUnits, rhs: CodeUnits) -> Bool { JSONObject.isSameKey(lhs.key, rhs.key) }

        func hash(into hasher: inout Hasher) {
            for byte in key.utf8 { hasher.combine(byte) }
        }
    }

    /// Creates an empty object.
    public init() {}

    /// An object of `members` in order, whose keys are already known to be unique (they come
    /// from one object): no key is compared on the way in.
    package init(uniqueMembers members: [Member]) {
        entries = members
        rebuildIndex()
    }

    /// The keys in order.
    public var keys: [String] { entries.map(\.key) }

    /// The value stored under `key`, or `nil`. Setting a value for a new key appends it,
    /// setting one for an existing key replaces it in place, and setting `nil` removes it.
    public subscript(key: String) -> JSONValue? {
        get { position(of: key).map { entries[$0].value } }
        set {
            if let position = position(of: key) {
                if let newValue {
                    entries[position].value = newValue
                } else {
                    entries.remove(at: position)
                    rebuildIndex()
                }
            } else if let newValue {
                append(key, newValue)
            }
        }
    }

    /// Makes room for `minimumCapacity` members without reallocating.
    package mutating func reserveCapacity(_ minimumCapacity: Int) {
        entries.reserveCapacity(minimumCapacity)
    }

    /// Adds a member unless `key` is already present; returns whether it was added.
    mutating func insertIfAbsent(_ key: String, _ value: JSONValue) -> Bool {
        guard position(of: key) == nil else { return false }
        append(key, value)
        return true
    }

    private func position(of key: String) -> Int? {
        if entries.count > Self.indexThreshold { return index[CodeUnits(key: key)] }
        var key = key
        return key.withUTF8 { wanted in
            entries.firstIndex { Self.hasCodeUnits($0.key, wanted) }
        }
    }

    /// Whether two keys are the same key: equal code units (RFC 8259 §8.3).
    package static func isSameKey(_ left: String, _ right: String) -> Bool {
        var right = right
        return right.withUTF8 { hasCodeUnits(left, $0) }
    }

    /// Whether `key`'s UTF-8 is `codeUnits`: most keys differ in length, which a native string
    /// knows without reading its bytes, and the rest are compared as two buffers.
    private static func hasCodeUnits(_ key: String, _ codeUnits: UnsafeBufferPointer<UInt8>) -> Bool {
        guard key.utf8.count == codeUnits.count else { return false }
        var key = key
        return key.withUTF8 { $0.elementsEqual(codeUnits) }
    }

    private mutating func append(_ key: String, _ value: JSONValue) {
        entries.append((key, value))
        if entries.count > Self.indexThreshold {
            if index.isEmpty { rebuildIndex() } else { index[CodeUnits(key: key)] = entries.count - 1 }
        }
    }

    private mutating func rebuildIndex() {
        index = [:]
        guard entries.count > Self.indexThreshold else { return }
        index.reserveCapacity(entries.count)
        for (position, entry) in entries.enumerated() { index[CodeUnits(key: entry.key)] = position }
    }

    /// Two objects are equal when they have the same members in the same order, keys compared
    /// by their code units.
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        lhs.entries.elementsEqual(rhs.entries) { $0.key.utf8.elementsEqual($1.key.utf8) && $0.value == $1.value }
    }
}

extension JSONObject: RandomAccessCollection {
    /// The position of the first member.
    public var startIndex: Int { entries.startIndex }
    /// The position one past the last member.
    public var endIndex: Int { entries.endIndex }
    /// The member at `position`, in order.
    public subscript(position: Int) -> (key: String, value: JSONValue) { entries[position] }
}

extension JSONObject: ExpressibleByDictionaryLiteral {
    /// Creates an object with the pairs in literal order; a repeated key keeps its first
    /// position and its last value.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        for (key, value) in elements { self[key] = value }
    }
}
