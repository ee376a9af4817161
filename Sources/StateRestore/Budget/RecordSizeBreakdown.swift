import JSON
import StateStore

/// A record over its kind's size budget, and where its bytes are: its largest fields by JSON
/// path with the size of each one's encoded text.
///
/// Paths name object fields with dots and array elements with `[]`, the elements of an array
/// taken together: `filters.tags`, `rows[]`, `rows[].body`. A field one of whose members holds
/// at least half of its bytes is named by that member instead, so the path leads to what is
/// big rather than to its container.
///
/// ```swift
/// for oversized in restorer.oversizedSaves {
///     log("\(oversized)")   // … 301234 bytes, over the budget of 262144 bytes; largest fields: rows[].body (298000 bytes), …
/// }
/// ```
public struct RecordSizeBreakdown: Equatable, Sendable, CustomStringConvertible {
    /// The budget of a kind that declares none (``RestorableState/maxRecordBytes`` nil):
    /// 256 KiB, a quarter of the store's hard limit (`Store.maximumRecordBytes`, 1 MiB).
    ///
    /// A screen's view state is a few hundred bytes to a few KiB (a catalog record is under
    /// 1 KiB); a record of 256 KiB holds data, not state (a cached list, a draft's attachment),
    /// and is decoded on every launch. It still leaves four times its size before saves start
    /// failing, so the warning comes while there is time to act.
    public static let defaultBudget = 256 * 1024

    /// The record's size, in bytes.
    public let bytes: Int
    /// The budget it is over, in bytes.
    public let budget: Int
    /// Its largest fields, largest first; at most three. Each is named by its JSON path
    /// (`filters.tags`, `rows[]`, `rows[].body`) with the size of its encoded text, in bytes
    /// (for a path through `[]`, the sum over the array's elements).
    public let largestFields: [(path: String, bytes: Int)]

    /// A breakdown of `bytes` against `budget` naming `largestFields`.
    public init(bytes: Int, budget: Int, largestFields: [(path: String, bytes: Int)]) {
        self.bytes = bytes
        self.budget = budget
        self.largestFields = largestFields
    }

    /// Two breakdowns are equal when their sizes, budgets and fields are.
    public static func == (lhs: RecordSizeBreakdown, rhs: RecordSizeBreakdown) -> Bool {
        lhs.bytes == rhs.bytes && lhs.budget == rhs.budget && lhs.largestFields.elementsEqual(rhs.largestFields, by: ==)
    }

    /// The breakdown of `record` (a record's JSON text) against `budget`; its envelope
    /// (`version`, `minReaderVersion`) is not a field. Text that is not JSON names no field.
    init(of record: some Collection<UInt8>, budget: Int) {
        let value = try? JSONValue.parse(record, limits: JSONLimits(maxBytes: max(record.count, 1), maxDepth: JSONLimits.default.maxDepth))
        let body = if case .object(let object)? = value { RecordHeader.body(of: object) } else { JSONObject() }
        self.init(bytes: record.count, budget: budget, largestFields: Self.largestFields(of: body, count: 3))
    }

    /// One line: the size, the budget and the largest fields.
    public var description: String {
        let fields = largestFields.map { "\($0.path) (\($0.bytes) bytes)" }.joined(separator: ", ")
        return "\(bytes) bytes, over the budget of \(budget) bytes" + (fields.isEmpty ? "" : "; largest fields: \(fields)")
    }

    // MARK: Finding the largest fields

    /// The values found at one path (several through an array's `[]`) and their size together.
    private struct Node {
        let path: String
        let values: [JSONValue]
        let bytes: Int

        init(path: String, values: [JSONValue]) {
            self.path = path
            self.values = values
            bytes = values.reduce(0) { $0 + $1.encoded().utf8.count }
        }

        /// The members of the values: objects' fields by name, and arrays' elements as `[]`
        /// when some are objects or arrays (an array of scalars is named by its own path).
        var children: [Node] {
            var names: [String] = []
            var members: [String: [JSONValue]] = [:]
            var elements: [JSONValue] = []
            var hasContainerElements = false
            for value in values {
                switch value {
                case .object(let object):
                    for (key, member) in object {
                        if members[key] == nil { names.append(key) }
                        members[key, default: []].append(member)
                    }
                case .array(let array):
                    elements += array
                    hasContainerElements = hasContainerElements || array.contains { $0.isContainer }
                case .null, .bool, .integer, .double, .string: break
                }
            }
            var children = names.map { Node(path: path.isEmpty ? $0 : "\(path).\($0)", values: members[$0] ?? []) }
            if hasContainerElements { children.append(Node(path: "\(path)[]", values: elements)) }
            return children
        }
    }

    /// The `count` largest fields of `body`, each drilled down to the member holding at least
    /// half of it.
    private static func largestFields(of body: JSONObject, count: Int) -> [(path: String, bytes: Int)] {
        var candidates = Node(path: "", values: [.object(body)]).children
        var found: [(path: String, bytes: Int)] = []
        while found.count < count, let index = candidates.indices.max(by: { candidates[$0].bytes < candidates[$1].bytes }) {
            let node = candidates.remove(at: index)
            let children = node.children
            if let largest = children.map(\.bytes).max(), largest * 2 >= node.bytes {
                candidates += children
            } else {
                found.append((node.path, node.bytes))
            }
        }
        return found
    }
}

extension JSONValue {
    /// Whether this is an object or an array.
    fileprivate var isContainer: Bool {
        switch self {
        case .object, .array: true
        case .null, .bool, .integer, .double, .string: false
        }
    }
}
