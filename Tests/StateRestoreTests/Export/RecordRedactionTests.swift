import Foundation
import JSON
import StateStore
import Testing

@testable import StateRestore

/// `RecordRedaction`: what a redacted export keeps of a payload and what it replaces.
@Suite struct RecordRedactionTests {
    /// An app kind whose `sort` is limited to listed values and `mode` is not.
    static let inbox = RecordKind(
        name: "inbox", currentVersion: 1, condition: { _ in .readable }, validation: { _ throws(RecordError) in throw .notAnObject(got: "test") },
        restoring: DocumentContext { _, key in RestorationSummary(key: key, kind: "inbox", state: .null, report: []) },
        shapes: [1: .object(["sort": .string(oneOf: ["date", "sender"]), "mode": .string, "tags": .array(of: .string(oneOf: ["work"]))])])

    private func redacted(_ text: String, as content: ExportedContent = .record(kind: "inbox"), with redaction: RecordRedaction? = nil) -> String {
        let redaction = redaction ?? RecordRedaction(kinds: [Self.inbox])
        return String(decoding: redaction.redacted(Array(text.utf8), as: content), as: UTF8.self)
    }

    @Test func everyByteOutsideTheStringsIsKeptAndEachStringKeepsItsLength() throws {
        let source = #"{ "version": 1, "minReaderVersion": 1, "offset": 1e999, "n": -0.50, "ok": true, "none": null, "query": "Zoë \"Q\" Ünïcode" }"#
        let output = redacted(source)
        let original = try JSONValue.parse(source)
        let result = try JSONValue.parse(output)
        guard case .string(let query)? = result["query"], case .string(let before)? = original["query"] else { throw Failure("no query") }
        #expect(query.count == before.count && query != before && query.allSatisfy { $0.isLowercase && $0.isASCII })
        #expect(output.replacingOccurrences(of: query, with: "") == source.replacingOccurrences(of: #"Zoë \"Q\" Ünïcode"#, with: ""))
    }

    @Test func equalStringsGetEqualPlaceholdersAndDifferentOnesDifferentOnes() throws {
        let redaction = RecordRedaction(kinds: [Self.inbox])
        let first = try JSONValue.parse(redacted(#"{"a": "Marguerite", "b": "Marguerite", "c": "Margueritf"}"#, with: redaction))
        let second = try JSONValue.parse(redacted(#"{"z": "Marguerite"}"#, as: .shelfSnapshot, with: redaction))
        #expect(first["a"] == first["b"] && first["a"] == second["z"] && first["a"] != first["c"])
        #expect(redaction.replacedStringCount == 2)
    }

    @Test func valuesTheShapeListsAreKeptAndNoOthers() throws {
        let result = try JSONValue.parse(redacted(#"{"version": 1, "sort": "sender", "mode": "sender", "tags": ["work", "home"], "extra": "date"}"#))
        #expect(result["sort"] == .string("sender"))
        guard case .array(let tags)? = result["tags"] else { throw Failure("no tags") }
        #expect(tags.first == .string("work") && tags.last != .string("home"))
        #expect(result["mode"] != .string("sender") && result["extra"] != .string("date"))
        // Another kind's record lists nothing: its strings are all replaced.
        #expect(try JSONValue.parse(redacted(#"{"sort": "sender"}"#, as: .record(kind: "notes")))["sort"] != .string("sender"))
    }

    @Test func bytesThatAreNotJSONKeepNoWordAndMessagesKeepOnlyTheEnginesWords() {
        let payload = redacted(#"{"query": "Le Vice-consul Calcutta"#, as: .quarantined(kind: "inbox"))
        #expect(!payload.contains("Calcutta") && !payload.contains("consul") && !payload.contains("query"))
        #expect(payload.count == #"{"query": "Le Vice-consul Calcutta"#.count)
        let message = redacted(#"field "mode" must be a string, got integer 42 near Calcutta"#, as: .message)
        #expect(message.hasPrefix(#"field "mode" must be a string, got integer "#) && !message.contains("Calcutta") && !message.contains("42"), "\(message)")
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
