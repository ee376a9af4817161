import JSON

/// The probe's single-value container: the value itself, recorded on the probe's own node;
/// `decodeNil` marks it optional and answers false, so the value is probed too.
struct SingleValueShapeProbe: SingleValueDecodingContainer {
    let probe: ShapeProbe

    var codingPath: [any CodingKey] { probe.codingPath }

    func decodeNil() -> Bool {
        probe.node.isOptional = true
        return false
    }

    func decode<T: Decodable>(_ type: T.Type) throws -> T { try probe.value(type) }
    func decode(_ type: Bool.Type) throws -> Bool { try probe.value(type) }
    func decode(_ type: String.Type) throws -> String { try probe.value(type) }
    func decode(_ type: Double.Type) throws -> Double { try probe.value(type) }
    func decode(_ type: Float.Type) throws -> Float { try probe.value(type) }
    func decode(_ type: Int.Type) throws -> Int { try probe.value(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try probe.value(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try probe.value(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try probe.value(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try probe.value(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try probe.value(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try probe.value(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try probe.value(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try probe.value(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try probe.value(type) }
}
