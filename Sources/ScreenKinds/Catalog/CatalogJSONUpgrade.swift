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
    @Sendable
    static func upgradedRecord(_ bytes: UnsafeRawBufferPointer) -> RecordRewrite? {
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
