import StateRestore
import Testing

/// The compatibility rule between two shapes of a format: what breaks old records and what not.
@Suite struct RecordShapeChangesTests {
    static let reader = RecordShape.object([
        "bookID": RecordShape.integer.optional,
        "page": .integer,
        "sort": .string(oneOf: ["date", "thread"]),
        "viewport": RecordShape.object(["offset": .number]).optional,
        "pins": .array(of: .object(["id": .integer])),
    ])

    static func changed(_ edit: (inout [String: RecordShape]) -> Void) -> RecordShape {
        var fields = reader.fields
        edit(&fields)
        return .object(fields)
    }

    @Test func aRetypedFieldBreaksAndIsNamed() {
        let changes = RecordShape.changes(from: Self.reader, to: Self.changed { $0["page"] = .string })
        #expect(changes == [ShapeChange(path: "page", kind: .retyped(from: .integer, to: .string), isBreaking: true)])
        #expect(changes[0].description(qualifiedBy: "ReaderState") == "`ReaderState.page` changed from integer to string")
    }

    @Test func anIntegerBecomingANumberOrAnyIsAllowed() {
        let changes = RecordShape.changes(from: Self.reader, to: Self.changed { $0["page"] = .number })
        #expect(changes.count == 1 && !changes[0].isBreaking)
        #expect(RecordShape.changes(from: Self.reader, to: Self.changed { $0["page"] = .any }).allSatisfy { !$0.isBreaking })
    }

    @Test func aRemovedOrRenamedFieldBreaks() {
        let changes = RecordShape.changes(
            from: Self.reader,
            to: Self.changed {
                $0["page"] = nil
                $0["pageNumber"] = .integer
            })
        #expect(changes.map(\.path) == ["page", "pageNumber"])
        #expect(changes.map(\.isBreaking) == [true, false])
        #expect(changes[0].description == "`page` (integer) was removed or renamed")
    }

    @Test func anOptionalBecomingRequiredBreaksAndTheReverseIsAllowed() {
        let required = RecordShape.changes(from: Self.reader, to: Self.changed { $0["bookID"] = .integer })
        #expect(required == [ShapeChange(path: "bookID", kind: .becameRequired, isBreaking: true)])
        let optional = RecordShape.changes(from: Self.reader, to: Self.changed { $0["page"] = RecordShape.integer.optional })
        #expect(optional == [ShapeChange(path: "page", kind: .becameOptional, isBreaking: false)])
    }

    @Test func anEnumLosingAValueBreaksAndGainingOneIsAllowed() {
        let changes = RecordShape.changes(from: Self.reader, to: Self.changed { $0["sort"] = .string(oneOf: ["date", "title"]) })
        #expect(changes.map(\.kind) == [.valuesRemoved(["thread"]), .valuesAdded(["title"])])
        #expect(changes.map(\.isBreaking) == [true, false])
        #expect(changes[0].description == #"`sort` no longer allows "thread""#)
        let restricted = RecordShape.changes(from: Self.changed { $0["sort"] = .string }, to: Self.reader)
        #expect(restricted.map(\.isBreaking) == [true])
    }

    @Test func aFieldAddedWhereDefaultsFillItIsAllowed() {
        let changes = RecordShape.changes(from: Self.reader, to: Self.changed { $0["fontSize"] = .number })
        #expect(changes == [ShapeChange(path: "fontSize", kind: .added(.number), isBreaking: false)])
    }

    @Test func aRequiredFieldAddedWhereOldRecordsGetNoDefaultsBreaks() {
        let inArray = Self.changed { $0["pins"] = .array(of: .object(["id": .integer, "color": .string])) }
        #expect(RecordShape.changes(from: Self.reader, to: inArray).map(\.isBreaking) == [true])
        #expect(RecordShape.changes(from: Self.reader, to: inArray).map(\.path) == ["pins[].color"])
        let optionalInArray = Self.changed { $0["pins"] = .array(of: .object(["id": .integer, "color": RecordShape.string.optional])) }
        #expect(RecordShape.changes(from: Self.reader, to: optionalInArray).map(\.isBreaking) == [false])

        // Inside an optional object: breaking where the default holds it as null, fine where it holds an object.
        let inViewport = Self.changed { $0["viewport"] = RecordShape.object(["offset": .number, "anchor": .integer]).optional }
        #expect(RecordShape.changes(from: Self.reader, to: inViewport).map(\.isBreaking) == [true])
        #expect(RecordShape.changes(from: Self.reader, to: inViewport, defaults: ["viewport": .null]).map(\.isBreaking) == [true])
        #expect(RecordShape.changes(from: Self.reader, to: inViewport, defaults: ["viewport": ["offset": 0.0]]).map(\.isBreaking) == [false])
    }

    @Test func violationsNameThePathAndAllowUnknownAndAbsentFields() {
        let record: JSONValue = ["page": "forty", "sort": "title", "bookID": nil, "pins": [["id": 1], ["id": 2.5]], "extra": true]
        #expect(
            Self.reader.violations(in: record) == [
                #"`page` is string "forty", not an integer"#,
                #"`sort` is "title", not one of "date", "thread""#,
                "`pins[1].id` is number 2.5, not an integer",
            ])
        #expect(Self.reader.violations(in: ["page": 3]).isEmpty)
    }
}
