import Foundation
import JSON

/// A `Decoder` that decodes a type to learn its record shape: every value the type asks for is
/// recorded in a ``ShapeProbeNode`` with the JSON type it is read as, and answered with the
/// kind's encoded default where it has one (so validating initialisers see real values), else
/// with a stand-in (`""`, `0`, `false`, an enum's first raw value, one array element, nil for an
/// optional after its wrapped type has been probed).
///
/// Limits, documented in ``RestorableState/recordShape``: a type that reads the record as a
/// whole (a `JSONValue`, all its keys), that decodes different fields depending on the values
/// it finds, or whose `init(from:)` throws on the stand-ins for a whole object cannot be
/// followed; a `String` enum that is not `CaseIterable` is a plain string.
struct ShapeProbe: Decoder {
    let node: ShapeProbeNode
    /// The default's value here, if it has one.
    var sample: JSONValue?
    /// The value's path in the record, as changes and gaps name it (`viewport.offset`).
    let path: String
    let codingPath: [any CodingKey]
    let context: ShapeProbeContext
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// The default's value, unless it is absent or `null` (then the probe stands in).
    var given: JSONValue? { sample == .null ? nil : sample }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        node.record(.object)
        let object: JSONObject? = if case .object(let members)? = sample { members } else { nil }
        return KeyedDecodingContainer(KeyedShapeProbe<Key>(probe: self, object: object))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        node.record(.array)
        let elements: [JSONValue] = if case .array(let given)? = sample { given } else { [] }
        return UnkeyedShapeProbe(probe: self, elements: elements)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { SingleValueShapeProbe(probe: self) }

    /// A probe of the field `name` of this object.
    func field(_ name: String, key: any CodingKey, in object: JSONObject?) -> ShapeProbe {
        ShapeProbe(
            node: node.field(name), sample: object?[name], path: path.isEmpty ? name : "\(path).\(name)", codingPath: codingPath + [key],
            context: context)
    }

    /// A probe of this array's element at `index`, holding the default's element when there is one.
    func element(_ index: Int, in elements: [JSONValue]) -> ShapeProbe {
        ShapeProbe(
            node: node.elementNode(), sample: index < elements.count ? elements[index] : nil, path: "\(path)[]",
            codingPath: codingPath + [ShapeCodingKey(String(index))], context: context)
    }

    // MARK: Values

    /// Probes a value of `type` here and returns one: the default's where it decodes, else a
    /// stand-in. Throws ``ShapeProbeUnwind`` when neither can be had.
    func value<T: Decodable>(_ type: T.Type) throws -> T {
        if let leaf = leafValue(T.self) { return leaf }
        if T.self == JSONValue.self {
            node.record(.any)
            return (sample ?? .null) as! T
        }
        if T.self == UUID.self {
            // A UUID refuses any stand-in string but a UUID's.
            node.record(.string)
            if case .string(let text)? = sample, let uuid = UUID(uuidString: text) { return uuid as! T }
            return UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)) as! T
        }
        if let optional = T.self as? any ShapeProbedOptional.Type {
            return try optional.probed(by: self) as! T
        }
        // A type inside itself is followed as far as the default goes, and no further.
        if given == nil, context.isProbing(T.self) { throw ShapeProbeUnwind() }
        var probe = self
        if let cases = T.self as? any CaseIterable.Type, let values = Self.rawValues(of: cases) {
            node.allowedValues = values
            if given == nil { probe.sample = values.first }
        }
        context.enter(T.self)
        defer { context.leave() }
        do {
            return try T(from: probe)
        } catch {
            let name = path.isEmpty ? "the record" : path
            if node.isLeaf {
                if given == nil { context.refusedLeaf = path }
            } else if !(error is ShapeProbeUnwind) {
                context.gap("`\(name)`: \(T.self)'s init(from:) threw on the probe's stand-in values (\(error))")
            } else if given == nil, let refused = context.refusedLeaf {
                // A leaf refused its stand-in and took the rest of this object with it.
                context.gap(
                    "`\(name)`: `\(refused)` refused the probe's stand-in value, so the fields \(T.self) reads after it were not seen; give the default a value there, or the kind a recordShape"
                )
                context.refusedLeaf = nil
            }
            if let given, let real = try? JSONValueDecoder().decode(T.self, from: given) { return real }
            throw ShapeProbeUnwind()
        }
    }

    /// Probes an optional value of `type`: the default's when it has one, else nil once the
    /// wrapped type has been probed.
    func optionalValue<T: Decodable>(_ type: T.Type) throws -> T? {
        node.isOptional = true
        if given != nil { return try value(T.self) }
        _ = try? value(T.self)
        return nil
    }

    /// A string, boolean or number of the default, or a stand-in; nil when `T` is not one.
    func leafValue<T>(_ type: T.Type) -> T? {
        switch type {
        case is String.Type:
            node.record(.string)
            if case .string(let string)? = sample { return string as? T }
            return "" as? T
        case is Bool.Type:
            node.record(.boolean)
            if case .bool(let flag)? = sample { return flag as? T }
            return false as? T
        case is Double.Type: return number() as? T
        case is Float.Type: return Float(number()) as? T
        case is Int.Type: return integer(Int.self) as? T
        case is Int8.Type: return integer(Int8.self) as? T
        case is Int16.Type: return integer(Int16.self) as? T
        case is Int32.Type: return integer(Int32.self) as? T
        case is Int64.Type: return integer(Int64.self) as? T
        case is UInt.Type: return integer(UInt.self) as? T
        case is UInt8.Type: return integer(UInt8.self) as? T
        case is UInt16.Type: return integer(UInt16.self) as? T
        case is UInt32.Type: return integer(UInt32.self) as? T
        case is UInt64.Type: return integer(UInt64.self) as? T
        default: return nil
        }
    }

    private func number() -> Double {
        node.record(.number)
        switch sample {
        case .double(let double)?: return double
        case .integer(let integer)?: return Double(integer)
        default: return 0
        }
    }

    private func integer<I: FixedWidthInteger>(_ type: I.Type) -> I {
        node.record(.integer)
        if case .integer(let integer)? = sample, let exact = I(exactly: integer) { return exact }
        return 0
    }

    /// The raw values of an enum's cases, when they are strings or integers.
    static func rawValues<Cases: CaseIterable>(of type: Cases.Type) -> [JSONValue]? {
        let values = Cases.allCases.compactMap { value -> JSONValue? in
            switch (value as? any RawRepresentable)?.rawValue {
            case let string as String: .string(string)
            case let integer as Int: .integer(Int64(integer))
            default: nil
            }
        }
        return values.isEmpty ? nil : values
    }
}

/// An optional the probe sees through: it marks the value optional and probes the wrapped type.
protocol ShapeProbedOptional {
    static func probed(by probe: ShapeProbe) throws -> Self
}

extension Optional: ShapeProbedOptional where Wrapped: Decodable {
    static func probed(by probe: ShapeProbe) throws -> Self { try probe.optionalValue(Wrapped.self) }
}
