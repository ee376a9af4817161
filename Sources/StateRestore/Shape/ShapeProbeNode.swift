import JSON

/// What the probe learned about one value: the types it was read as, whether it may be null,
/// its fields or element, the values an enum allows. A class, because containers handed out
/// by value write into the same node.
final class ShapeProbeNode {
    private(set) var type: RecordShape.JSONType?
    var isOptional = false
    private(set) var fields: [String: ShapeProbeNode] = [:]
    private(set) var element: ShapeProbeNode?
    var allowedValues: [JSONValue]?
    /// A container asked for all its keys: the value is a dictionary, not a struct.
    var listsAllKeys = false

    /// Records that the value was read as `newType`; two different readings make it `any`
    /// (an integer read as a number too is a number).
    func record(_ newType: RecordShape.JSONType) {
        switch (type, newType) {
        case (nil, _): type = newType
        case (let known?, _) where known == newType: break
        case (.integer?, .number), (.number?, .integer): type = .number
        default: type = .any
        }
    }

    /// Whether the value was read as a plain JSON value (string, number, boolean): a type that
    /// then refused the probe's value (a `UUID`, an enum without `allCases`) has its JSON type
    /// known all the same.
    var isLeaf: Bool {
        switch type {
        case .string?, .integer?, .number?, .boolean?: true
        default: false
        }
    }

    func field(_ name: String) -> ShapeProbeNode {
        if let node = fields[name] { return node }
        let node = ShapeProbeNode()
        fields[name] = node
        return node
    }

    func elementNode() -> ShapeProbeNode {
        if let element { return element }
        let node = ShapeProbeNode()
        element = node
        return node
    }

    /// The shape learned: a value never read is `any`; an object that listed all its keys and
    /// read only the probe's one key is a dictionary of what that key held.
    var shape: RecordShape {
        var shape: RecordShape
        switch type {
        case nil, .any?:
            shape = .any
        case .object?:
            if listsAllKeys, fields.count <= 1, let value = fields[ShapeCodingKey.anyKey] ?? fields.first?.value {
                shape = .dictionary(of: value.shape)
            } else if listsAllKeys, fields.isEmpty {
                shape = .dictionary(of: .any)
            } else {
                shape = .object(fields.mapValues(\.shape))
            }
        case .array?:
            shape = .array(of: element?.shape ?? .any)
        case .dictionary?:
            shape = .dictionary(of: element?.shape ?? .any)
        case let leaf?:
            shape = RecordShape(type: leaf, allowedValues: leaf == .string || leaf == .integer ? allowedValues : nil)
        }
        shape.isOptional = isOptional
        return shape
    }
}
