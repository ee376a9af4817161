import Foundation
import JSON
import ScreenKinds
import ScreenModels
import StateStore
import Testing

@testable import StateRestore

/// Issue 39: "The engine's own messages keep their numbers and words; only the text they quote
/// is replaced." Every message the engine files a quarantined record or an unreadable shelf
/// snapshot under keeps each word outside its quotes through a redacted export. The crashed
/// restore's and the oversized record's lost all their words (found by an audit).
@Suite struct TextRedactionTests {
    /// What a message keeps: its text with every quoted part (`"…"`, `` `…` ``, `'x'`) removed.
    private static func unquoted(_ message: String) -> String {
        message.replacingOccurrences(of: #""[^"]*"|`[^`]*`|'.'"#, with: "", options: .regularExpression)
    }

    private static func redacted(_ message: String) -> String {
        var placeholders = Placeholders()
        let redaction = TextRedaction(keptWords: TextRedaction.engineVocabulary, keptQuotedWords: [])
        return String(decoding: redaction.redactedMessage(Array(message.utf8), placeholders: &placeholders), as: UTF8.self)
    }

    /// Every message a record or snapshot is quarantined or marked unreadable under, with
    /// values the engine would put in them.
    static let messages: [String] = {
        let errors: [RestoreError] = [
            .tooLarge(byteCount: 2_000_000, limit: 1_048_576),
            .notAnObject(got: "array"),
            .invalidVersion(got: "string"),
            .invalidMinReaderVersion(got: "integer 0"),
            .newerVersion(version: 9, newestReadable: 3),
            .minReaderVersionNewerThanVersion(minReaderVersion: 4, version: 3),
            .wrongType(field: "query", expected: "a string", got: "integer 42"),
            .missingField("query"),
            .offsetNotFinite(.infinity),
            .offsetOutOfRange(1.5),
            .tooManyNeighbours(field: "viewport.before", count: 300, limit: 256),
            .doesNotFitShape(version: 2, violations: ["field \"query\" must be a string, got integer 1"]),
            .upgradeFailed(fromVersion: 1, reason: "field \"query\" is missing"),
            .invalidField(field: "books[3].id", reason: "book ID 7 is already at books[1]"),
            .invalidField(field: "fetchedAt", reason: "must be a finite number, got inf"),
        ]
        var messages = errors.compactMap(\.errorDescription)
        if case .failure(let error) = Result(catching: { try JSONValue.parse(Data("{\"query\": ".utf8)) }) {
            messages.append(RestoreError.notJSON(error as! JSONParseError).errorDescription ?? "")
        }
        messages.append(StateRestorer.crashedRestoreError)
        messages += RecordReading<CatalogViewState>.oversized(bytes: 1_100_093).quarantine.map { [$0.error] } ?? []
        return messages
    }()

    @Test(arguments: messages)
    func anEngineMessageKeepsEveryWordOutsideItsQuotes(message: String) {
        #expect(Self.unquoted(Self.redacted(message)) == Self.unquoted(message))
    }
}
