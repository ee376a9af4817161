import Foundation
import StateRestore
import Testing

/// The shape derived from a type: a probing decoder over it plus the encoding of its default.
@Suite struct RecordShapeDerivationTests {
    @Test func everyFieldIsTypedWithItsOptionalityNestingAndEnumValues() throws {
        let shape = try RecordShape(of: InboxState.self)
        let expected = RecordShape.object([
            "query": .string,
            "sort": .string(oneOf: ["date", "sender", "thread"]),
            "priority": RecordShape.integer.optional,  // no allCases: no values
            "selectedID": RecordShape.integer.optional,
            "zoom": .number,
            "filters": .object(["unreadOnly": .boolean, "flaggedOnly": .boolean]),
            "savedFilters": RecordShape.object(["unreadOnly": .boolean, "flaggedOnly": .boolean]).optional,
            "pins": .array(of: .object(["messageID": .string, "note": RecordShape.string.optional])),
            "counts": .dictionary(of: .integer),
            "openedAt": .number,
            "draftID": RecordShape.string.optional,
            "hiddenSorts": .array(of: .string(oneOf: ["date", "sender", "thread"])),
        ])
        #expect(shape == expected, "\(RecordShape.changes(from: expected, to: shape))")
    }

    @Test func aFieldThatRefusesTheStandInHidesTheRestOfItsObjectAndTheDerivationSaysSo() throws {
        let error = try #require(throws: RestoreError.self) { try RecordShape(of: RulesState.self) }
        #expect(error.errorDescription?.contains("`rules[]`: `rules[].priority` refused the probe's stand-in value") == true)
    }

    @Test func aTypeInsideItselfIsFollowedAsFarAsItsDefaultGoes() throws {
        let shape = try RecordShape(of: FolderTreeState.self)
        #expect(shape == .object(["root": .object(["name": .string, "children": .array(of: .any)])]))
    }

    @Test func aTypeThatReadsTheWholeRecordCannotBeDerivedAndTheErrorSaysWhatToDo() throws {
        let error = try #require(throws: RestoreError.self) { try RecordShape(of: WholeRecordState.self) }
        let message = try #require(error.errorDescription)
        #expect(message.contains("kind \"whole\"") && message.contains("reads the record as a whole") && message.contains("recordShape"))
    }

    @Test func anExplicitShapeIsUsedAndCheckedAgainstTheDefault() throws {
        #expect(try RecordShape(of: ExplicitWholeRecordState.self) == .object(["title": .string]))
        let error = try #require(throws: RestoreError.self) { try RecordShape(of: MisdescribedState.self) }
        #expect(error.errorDescription?.contains("`count` is integer 1, not a string") == true)
    }

    @Test func theFileFormIsSortedAndReadsBack() throws {
        let shape = try RecordShape(of: InboxState.self)
        let text = shape.jsonValue.encoded(pretty: true, sortedKeys: true)
        #expect(try RecordShape(json: JSONValue.parse(text)) == shape)
        #expect(text.contains(#""values": [\#n          "date",\#n          "sender",\#n          "thread"\#n        ]"#))
        let decoded = try JSONDecoder().decode(RecordShape.self, from: JSONEncoder().encode(shape))
        #expect(decoded == shape)
    }

    @Test func aFormatFileThatIsNotAShapeIsRefusedNamingThePath() throws {
        let bad: JSONValue = ["type": "object", "fields": ["tags": ["type": "array"]]]
        #expect(throws: RestoreError.invalidFormatFile(path: "", reason: "tags: an array needs an \"element\"")) { try RecordShape(json: bad) }
    }
}
