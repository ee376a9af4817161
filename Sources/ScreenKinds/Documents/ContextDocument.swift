import JSON
import ScreenModels

/// Reads the JSON documents the tool restores notes and zones against:
/// `{"notes": [{"id": Int, "title": String}, …]}` and
/// `{"choices": [{"id": String, "title": String}, …]}`.
///
/// Read from the parsed tree by hand, as ``CatalogDocumentFile`` reads the catalog's: a
/// `Decodable` pass cost a cold `restorectl restore` 0.7 M instructions, mostly the runtime's
/// conformance lookups of the synthesized code. Members other than these are ignored.
enum ContextDocument {
    static func notes(_ bytes: some Collection<UInt8>) throws(DocumentDecodingError) -> [Note] {
        try entries("notes", of: bytes).map { (entry, path) throws(DocumentDecodingError) in
            Note(id: try integer("id", of: entry, at: path), title: try string("title", of: entry, at: path))
        }
    }

    static func zones(_ bytes: some Collection<UInt8>) throws(DocumentDecodingError) -> [ZoneChoice] {
        try entries("choices", of: bytes).map { (entry, path) throws(DocumentDecodingError) in
            ZoneChoice(id: try string("id", of: entry, at: path), title: try string("title", of: entry, at: path))
        }
    }

    /// The objects of the document's array `member`, each with its path (`notes[2]`).
    private static func entries(_ member: String, of bytes: some Collection<UInt8>) throws(DocumentDecodingError) -> [(JSONObject, String)] {
        let value: JSONValue
        do throws(JSONParseError) {
            value = try JSONValue.parse(bytes)
        } catch {
            throw .malformedJSON(error)
        }
        guard case .object(let document) = value else { throw .notAnObject(got: value.kindName) }
        guard let list = document[member] else { throw missing(member) }
        guard case .array(let items) = list else { throw wrongType(member, expected: "an array", got: list) }
        var entries: [(JSONObject, String)] = []
        entries.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            let path = "\(member)[\(index)]"
            guard case .object(let entry) = item else { throw wrongType(path, expected: "an object", got: item) }
            entries.append((entry, path))
        }
        return entries
    }

    private static func integer(_ field: String, of entry: JSONObject, at path: String) throws(DocumentDecodingError) -> Int {
        guard let value = entry[field] else { throw missing("\(path).\(field)") }
        guard case .integer(let integer) = value, let exact = Int(exactly: integer) else {
            throw wrongType("\(path).\(field)", expected: "an integer", got: value)
        }
        return exact
    }

    private static func string(_ field: String, of entry: JSONObject, at path: String) throws(DocumentDecodingError) -> String {
        guard let value = entry[field] else { throw missing("\(path).\(field)") }
        guard case .string(let string) = value else { throw wrongType("\(path).\(field)", expected: "a string", got: value) }
        return string
    }

    private static func missing(_ field: String) -> DocumentDecodingError {
        .invalidField(field: field, reason: "the field is missing")
    }

    private static func wrongType(_ field: String, expected: String, got value: JSONValue) -> DocumentDecodingError {
        .invalidField(field: field, reason: "expected \(expected), got \(value.briefDescription)")
    }
}
