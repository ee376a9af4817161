/// The differences between two JSON values (a format sample's restored state, a replayed
/// scene's), one readable line per path (`` `page`: expected 42, got 1 ``); numbers compare by
/// value, so `1` and `1.0` are equal.
package enum JSONDifference {
    /// One line per path where `actual` differs from `expected`; empty when they are equal.
    package static func lines(expected: JSONValue, actual: JSONValue) -> [String] {
        var lines: [String] = []
        collect(expected, actual, at: "", into: &lines)
        return lines
    }

    private static func collect(_ expected: JSONValue, _ actual: JSONValue, at path: String, into lines: inout [String]) {
        let name = path.isEmpty ? "the state" : "`\(path)`"
        switch (expected, actual) {
        case (.object(let left), .object(let right)):
            for (key, value) in left {
                let child = path.isEmpty ? key : "\(path).\(key)"
                if let other = right[key] { collect(value, other, at: child, into: &lines) } else { lines.append("`\(child)`: expected \(value.encoded()), absent") }
            }
            for (key, value) in right where left[key] == nil {
                lines.append("`\(path.isEmpty ? key : "\(path).\(key)")`: not expected, got \(value.encoded())")
            }
        case (.array(let left), .array(let right)) where left.count == right.count:
            for (position, (value, other)) in zip(left, right).enumerated() { collect(value, other, at: "\(path)[\(position)]", into: &lines) }
        case (.integer(let left), .double(let right)) where Double(left) == right: break
        case (.double(let left), .integer(let right)) where left == Double(right): break
        default:
            if expected != actual { lines.append("\(name): expected \(expected.encoded()), got \(actual.encoded())") }
        }
    }
}
