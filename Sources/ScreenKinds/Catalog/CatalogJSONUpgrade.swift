import JSON
import StateRestore
import StateStore

/// The catalog's records of formats 1 and 2 upgraded to format 3 at the JSON level, as a
/// migration writes them: what the codec's decode, upgrade and encode make of each record,
/// without the `Codable` round trip.
///
/// The format allows it: the upgrades from formats 1 and 2 only forget fields (a format 1
/// record's `showsOnlySelected` and `viewport`, a format 2 record's `viewport`), so the one
/// field whose encoding changes a value (the viewport's offset is clamped, its neighbour lists
/// cut) is always `null`, and every other field is written as it was read. What is left is the
/// codec's rules: the envelope is checked, `query` must be a string, `selectedID` an integer
/// or `null`, a format 2 `showsOnlySelected` a boolean (absent ones take the defaults, `""`,
/// `null` and `false`), and the fields the format does not define are written after the
/// format's own, in their order. A record the codec would not rewrite (current, newer, or one
/// that does not decode) is left as it is.
enum CatalogJSONUpgrade {
    /// The format the upgrade writes.
    static let version = 3
    /// What every upgraded record starts with: its envelope and the first field's name.
    private static let head = #"{"\#(RecordHeader.versionField)":\#(version),"query":"#

    /// The format 3 text of a format 1 or 2 catalog record, or nil when it stays as it is.
    ///
    /// A record read in place (``FlatObjectMember``: a flat object whose values are written as
    /// the writer writes them) is rewritten by copying its members' bytes; any other is
    /// parsed. Formats 1 and 2 define only scalar fields, so a record takes the first path
    /// unless a string in it needs an escape, an integer is not in its shortest form, or a
    /// field it does not define holds an object or an array.
    @Sendable
    static func upgradedRecord(_ bytes: UnsafeRawBufferPointer) -> RecordRewrite? {
        let buffer = bytes.bindMemory(to: UInt8.self)
        if buffer.count <= RecordHeader.limits.maxBytes, let members = FlatObjectMember.members(of: buffer),
            let rewrite = upgradedFlatRecord(members, in: buffer)
        {
            return rewrite
        }
        return upgradedParsedRecord(bytes)
    }

    /// ``upgradedRecord(_:)`` of a record read in place, or nil when the parsed path decides:
    /// a record it keeps (current, newer, or one that does not decode) is never decided here.
    static func upgradedFlatRecord(_ members: [FlatObjectMember], in bytes: UnsafeBufferPointer<UInt8>) -> RecordRewrite? {
        var recordVersion = 1
        var query: Range<Int>?
        var selectedID: Range<Int>?
        var showsOnlySelected: Range<Int>?
        for member in members {
            switch Field(of: member, in: bytes) {
            case .version:
                guard let value = member.integer(in: bytes), value >= 1 else { return nil }
                recordVersion = value
            case .minReaderVersion:
                guard let value = member.integer(in: bytes), value >= 1 else { return nil }
            case .query:
                guard member.kind == .string else { return nil }
                query = member.value
            case .selectedID:
                guard member.kind == .integer || member.kind == .null else { return nil }
                selectedID = member.value
            case .showsOnlySelected:
                guard member.kind == .bool else { return nil }
                showsOnlySelected = member.value
            case .viewport, .unknown:
                continue
            }
        }
        guard recordVersion < version else { return nil }
        // Format 1 did not define it: its upgrade forgets it.
        if recordVersion < 2 { showsOnlySelected = nil }
        // The canonical compact encoding the codec writes, the format's own members first, then
        // the fields the format does not define, in their order.
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + 96)
        func append(_ text: StaticString) {
            output.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
        }
        func append(_ range: Range<Int>) { output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[range])) }
        output.append(contentsOf: headBytes)
        if let query { append(query) } else { append(#""""#) }
        append(#","selectedID":"#)
        if let selectedID { append(selectedID) } else { append("null") }
        append(#","showsOnlySelected":"#)
        if let showsOnlySelected { append(showsOnlySelected) } else { append("false") }
        append(#","viewport":null"#)
        for member in members where Field(of: member, in: bytes) == .unknown {
            append(",\"")
            append(member.key)
            append("\":")
            append(member.value)
        }
        append("}")
        return RecordRewrite(version: version, payload: String(decoding: output, as: UTF8.self))
    }

    /// ``head``'s bytes.
    private static let headBytes = Array(head.utf8)

    /// What a member of a record is to the upgrade, by its key.
    private enum Field: Equatable {
        case version, minReaderVersion, query, selectedID, showsOnlySelected, viewport, unknown

        /// The fields the upgrade reads, by name; every other key is ``unknown``.
        private static let named: [(name: StaticString, field: Field)] = [
            ("query", .query), ("version", .version), ("viewport", .viewport), ("selectedID", .selectedID),
            ("minReaderVersion", .minReaderVersion), ("showsOnlySelected", .showsOnlySelected),
        ]

        /// Compared by code units, as object keys are; most keys differ in length, which is
        /// compared first.
        init(of member: FlatObjectMember, in bytes: UnsafeBufferPointer<UInt8>) {
            let key = UnsafeBufferPointer(rebasing: bytes[member.key])
            for (name, field) in Self.named
            where key.count == name.utf8CodeUnitCount && key.elementsEqual(UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)) {
                self = field
                return
            }
            self = .unknown
        }
    }

    /// ``upgradedRecord(_:)`` of a record parsed whole.
    static func upgradedParsedRecord(_ bytes: UnsafeRawBufferPointer) -> RecordRewrite? {
        guard let object = try? RecordHeader.parseObject(bytes.bindMemory(to: UInt8.self)), let header = try? RecordHeader(of: object),
            header.version < version
        else { return nil }
        var query = JSONValue.string("")
        var selectedID = JSONValue.null
        var showsOnlySelected = JSONValue.bool(false)
        var unknown: [JSONObject.Element] = []
        for member in object {
            switch member.key {
            case RecordHeader.versionField, RecordHeader.minReaderVersionField:
                continue
            case "query":
                guard case .string = member.value else { return nil }
                query = member.value
            case "selectedID":
                switch member.value {
                case .null: break
                case .integer: selectedID = member.value
                default: return nil
                }
            case "showsOnlySelected":
                // Format 1 did not define it: its upgrade forgets it.
                guard header.version >= 2 else { continue }
                guard case .bool = member.value else { return nil }
                showsOnlySelected = member.value
            case "viewport":
                // Formats 1 and 2 did not define it: their upgrades forget it.
                continue
            default:
                unknown.append(member)
            }
        }
        // The canonical compact encoding the codec writes, the format's own members first.
        var writer = JSONWriter(isPretty: false, sortsKeys: false, capacity: bytes.count + 64)
        writer.append(head)
        writer.write(query)
        writer.append(#","selectedID":"#)
        writer.write(selectedID)
        writer.append(#","showsOnlySelected":"#)
        writer.write(showsOnlySelected)
        writer.append(#","viewport":null"#)
        for (key, value) in unknown {
            writer.append(",")
            writer.write(.string(key))
            writer.append(":")
            writer.write(value)
        }
        writer.append("}")
        return RecordRewrite(version: version, payload: String(decoding: writer.output, as: UTF8.self))
    }
}
