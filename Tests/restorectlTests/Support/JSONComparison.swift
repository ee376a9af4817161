import JSON
import ScreenKinds
import StateRestore

/// Compares parsed JSON as JSON means it: object members in any order, numbers by value
/// (`0` equals `0.0`), everything else exactly.
enum JSONComparison {
    /// The first difference between `actual` and `expected`, as a path and both values, or nil.
    static func difference(_ actual: JSONValue, _ expected: JSONValue, at path: String = "$") -> String? {
        switch (actual, expected) {
        case (.object(let a), .object(let e)):
            let actualKeys = Set(a.keys)
            let expectedKeys = Set(e.keys)
            if actualKeys != expectedKeys {
                return "\(path): members differ; unexpected \(actualKeys.subtracting(expectedKeys).sorted()), missing \(expectedKeys.subtracting(actualKeys).sorted())"
            }
            for key in e.keys {
                if let difference = difference(a[key]!, e[key]!, at: "\(path).\(key)") { return difference }
            }
            return nil
        case (.array(let a), .array(let e)):
            if a.count != e.count { return "\(path): \(a.count) elements, expected \(e.count)" }
            for (index, (actualElement, expectedElement)) in zip(a, e).enumerated() {
                if let difference = difference(actualElement, expectedElement, at: "\(path)[\(index)]") { return difference }
            }
            return nil
        default:
            if let x = number(actual), let y = number(expected) {
                return x == y ? nil : "\(path): \(actual.briefDescription), expected \(expected.briefDescription)"
            }
            return actual == expected ? nil : "\(path): \(actual.briefDescription), expected \(expected.briefDescription)"
        }
    }

    private static func number(_ value: JSONValue) -> Double? {
        switch value {
        case .integer(let integer): Double(integer)
        case .double(let double): double
        default: nil
        }
    }
}
