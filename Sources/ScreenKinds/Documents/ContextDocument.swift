import JSON
import ScreenModels
import StateRestore

/// Reads the JSON documents the tool restores notes and zones against:
/// `{"notes": [{"id": Int, "title": String}, …]}` and
/// `{"choices": [{"id": String, "title": String}, …]}`.
enum ContextDocument {
    private struct NotesFile: Decodable {
        struct Entry: Decodable {
            var id: Int
            var title: String
        }

        var notes: [Entry]
    }

    private struct ZonesFile: Decodable {
        struct Entry: Decodable {
            var id: String
            var title: String
        }

        var choices: [Entry]
    }

    static func notes(_ bytes: some Collection<UInt8>) throws(DocumentDecodingError) -> [Note] {
        try decode(NotesFile.self, bytes).notes.map { Note(id: $0.id, title: $0.title) }
    }

    static func zones(_ bytes: some Collection<UInt8>) throws(DocumentDecodingError) -> [ZoneChoice] {
        try decode(ZonesFile.self, bytes).choices.map { ZoneChoice(id: $0.id, title: $0.title) }
    }

    private static func decode<T: Decodable>(_ type: T.Type, _ bytes: some Collection<UInt8>) throws(DocumentDecodingError) -> T {
        let value: JSONValue
        do throws(JSONParseError) {
            value = try JSONValue.parse(bytes)
        } catch {
            throw .malformedJSON(error)
        }
        guard case .object = value else { throw .notAnObject(got: value.kindName) }
        do {
            return try JSONValueDecoder().decode(type, from: value)
        } catch {
            switch RestoreError(error) {
            case .missingField(let field): throw .invalidField(field: field, reason: "the field is missing")
            case .invalidField(let field, let reason): throw .invalidField(field: field, reason: reason)
            case .wrongType(let field, let expected, let got): throw .invalidField(field: field, reason: "expected \(expected), got \(got)")
            default: throw .invalidField(field: "", reason: "\(error)")
            }
        }
    }
}
