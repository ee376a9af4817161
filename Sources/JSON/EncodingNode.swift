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
