import Foundation
import JSON
import ScreenKinds
import ScreenModels
import Testing

@testable import StateRestore

@Suite("ShelfSnapshotCodec")
struct ShelfSnapshotCodecTests {
    static let sample = ShelfSnapshot(
        books: [
            ShelfBook(id: 5, title: "Dune", revision: 3),
            ShelfBook(id: 2, title: "Emma \"Austen\"", revision: 1),
        ],
        fetchedAt: Date(timeIntervalSince1970: 1_700_000_000.25),
        drafts: [ShelfDraft(bookID: 5, baseRevision: 3, proposedTitle: "Dune Messiah")]
    )

    @Test("snapshots encode as version 2 with a fixed key order")
    func snapshotsEncodeAsVersionTwo() throws {
        #expect(
            try ShelfSnapshotCodec.encode(Self.sample) == #"""
                {"version":2,"query":"","books":[{"id":5,"title":"Dune","revision":3},{"id":2,"title":"Emma \"Austen\"","revision":1}],\#
                "fetchedAt":1700000000.25,"drafts":[{"bookID":5,"baseRevision":3,"proposedTitle":"Dune Messiah"}]}
                """#)
    }

    @Test(
        "encoding then decoding gives back the snapshot",
        arguments: [
            sample,
            ShelfSnapshot(books: [], fetchedAt: Date(timeIntervalSince1970: 0)),
            ShelfSnapshot(
                books: [ShelfBook(id: .min, title: "😀\n", revision: .max)], fetchedAt: Date(timeIntervalSince1970: -1.5),
                drafts: [
                    ShelfDraft(bookID: 99, baseRevision: 0, proposedTitle: ""),
                    ShelfDraft(bookID: 99, baseRevision: 1, proposedTitle: "again"),
                ]),
        ])
    func encodingRoundTrips(snapshot: ShelfSnapshot) throws {
        #expect(try ShelfSnapshotCodec.decode(ShelfSnapshotCodec.encode(snapshot).utf8) == snapshot)
    }

    @Test("a format-1 snapshot reads with an empty query, listed as a default")
    func formatOneReadsWithAnEmptyQuery() throws {
        let text = #"{"version":1,"books":[{"id":1,"title":"a","revision":2}],"fetchedAt":5,"drafts":[]}"#
        let expected = ShelfSnapshot(books: [ShelfBook(id: 1, title: "a", revision: 2)], fetchedAt: Date(timeIntervalSince1970: 5))
        #expect(ShelfSnapshotCodec.decodeStored(text.utf8) == .decoded(.init(snapshot: expected), RecordProvenance(sourceVersion: 1, defaultsApplied: ["query"]), unknownFields: [:]))
    }

    @Test("a newer snapshot is read through its minReaderVersion, and left alone without one")
    func newerSnapshotsFollowMinReaderVersion() throws {
        let readable = #"{"version":4,"minReaderVersion":2,"query":"q","books":[],"fetchedAt":5,"drafts":[],"sort":"title"}"#
        #expect(
            ShelfSnapshotCodec.decodeStored(readable.utf8)
                == .decoded(
                    .init(snapshot: ShelfSnapshot(books: [], fetchedAt: Date(timeIntervalSince1970: 5), query: "q")),
                    RecordProvenance(sourceVersion: 4, readThroughMinReaderVersion: 2), unknownFields: [:]
                ))
        let unreadable = #"{"version":4,"books":"a newer shape"}"#
        #expect(ShelfSnapshotCodec.decodeStored(unreadable.utf8) == .newer(version: 4, minReaderVersion: nil))
        let validated = try ShelfSnapshotCodec.validateForSave(unreadable.utf8)
        #expect(validated.snapshot == nil && validated.payload == unreadable && validated.version == 4)
    }

    @Test("a newer snapshot whose rows this build cannot read is still left for its release, not called unreadable")
    func newerSnapshotRowsAreNotJudged() throws {
        let text = #"{"books":[1,{"id":"x"}],"version":4,"drafts":[[]]}"#
        #expect(ShelfSnapshotCodec.decodeStored(text.utf8) == .newer(version: 4, minReaderVersion: nil))
        let validated = try ShelfSnapshotCodec.validateForSave(text.utf8)
        #expect(validated.snapshot == nil && validated.rowCount == 2)
    }

    @Test("the first row that cannot be read is the one reported, wherever the header stands")
    func firstBadRowIsReported() {
        let text = #"{"books":[{"id":1,"title":"a","revision":0},{"id":2,"title":"b"},{"id":"3"}],"version":2,"fetchedAt":0,"drafts":[]}"#
        #expect(throws: RestoreError.missingField("books[1].revision")) { try ShelfSnapshotCodec.decode(text.utf8) }
    }

    @Test("a large snapshot encodes to the same text as the tree of its values")
    func largeSnapshotEncodesLikeItsTree() throws {
        let books = (0..<2_000).map { ShelfBook(id: $0 * 7 - 5_000, title: $0.isMultiple(of: 3) ? "t\($0)\n\"é😀\u{1}" : "Book \($0)", revision: $0 % 5) }
        let drafts = [ShelfDraft(bookID: 2, baseRevision: 1, proposedTitle: "x\ty")]
        let snapshot = ShelfSnapshot(books: books, fetchedAt: Date(timeIntervalSince1970: 1_234.5), drafts: drafts, query: "q\"")
        let tree: JSONValue = [
            "version": 2, "query": .string(snapshot.query),
            "books": .array(books.map { ["id": .integer(Int64($0.id)), "title": .string($0.title), "revision": .integer(Int64($0.revision))] }),
            "fetchedAt": 1_234.5,
            "drafts": .array(drafts.map { ["bookID": .integer(Int64($0.bookID)), "baseRevision": .integer(Int64($0.baseRevision)), "proposedTitle": .string($0.proposedTitle)] }),
        ]
        let text = try ShelfSnapshotCodec.encode(snapshot)
        #expect(text == tree.encoded())
        #expect(try ShelfSnapshotCodec.decode(text.utf8) == snapshot)
    }

    @Test("books in any order with distinct IDs write and read back, in their order")
    func booksOutOfOrderReadBack() throws {
        for ids in [[3, 1, 2], [5, 9, -4, 0, 12, 6], [1, 2, 4, 3]] {
            let snapshot = ShelfSnapshot(books: ids.map { ShelfBook(id: $0, title: "b\($0)", revision: 0) }, fetchedAt: Date(timeIntervalSince1970: 1))
            #expect(try ShelfSnapshotCodec.decode(try ShelfSnapshotCodec.encode(snapshot).utf8).books.map(\.id) == ids)
        }
    }

    @Test("an integer fetchedAt and unknown members are accepted")
    func integerTimestampAndUnknownMembers() throws {
        let text = #"{"version":1,"books":[{"id":1,"title":"a","revision":2,"extra":true}],"fetchedAt":1700000000,"drafts":[],"more":{}}"#
        #expect(
            try ShelfSnapshotCodec.decode(text.utf8)
                == ShelfSnapshot(
                    books: [ShelfBook(id: 1, title: "a", revision: 2)], fetchedAt: Date(timeIntervalSince1970: 1_700_000_000)))
    }

    @Test(
        "invalid snapshots fail with a typed error naming the field",
        arguments: [
            ("[]", RestoreError.notAnObject(got: "array")),
            (#"{"books":[],"fetchedAt":0,"drafts":[]}"#, .missingField("version")),
            (#"{"version":3,"books":[],"fetchedAt":0,"drafts":[]}"#, .newerVersion(version: 3, newestReadable: 2)),
            (#"{"version":3,"minReaderVersion":3,"query":"","books":[],"fetchedAt":0,"drafts":[]}"#, .newerVersion(version: 3, newestReadable: 2)),
            (#"{"version":2,"query":7,"books":[],"fetchedAt":0,"drafts":[]}"#, .wrongType(field: "query", expected: "a string", got: "integer 7")),
            (#"{"version":"1","books":[],"fetchedAt":0,"drafts":[]}"#, .invalidVersion(got: #"string "1""#)),
            (#"{"version":2,"minReaderVersion":0,"books":[],"fetchedAt":0,"drafts":[]}"#, .invalidMinReaderVersion(got: "integer 0")),
            (#"{"version":1,"fetchedAt":0,"drafts":[]}"#, .missingField("books")),
            (#"{"version":1,"books":{},"fetchedAt":0,"drafts":[]}"#, .wrongType(field: "books", expected: "an array", got: "object {}")),
            (#"{"version":1,"books":[1],"fetchedAt":0,"drafts":[]}"#, .wrongType(field: "books[0]", expected: "an object", got: "integer 1")),
            (#"{"version":1,"books":[{"id":1,"title":"a"}],"fetchedAt":0,"drafts":[]}"#, .missingField("books[0].revision")),
            (
                #"{"version":1,"books":[{"id":1,"title":2,"revision":0}],"fetchedAt":0,"drafts":[]}"#,
                .wrongType(field: "books[0].title", expected: "a string", got: "integer 2")
            ),
            (
                #"{"version":1,"books":[{"id":1.5,"title":"a","revision":0}],"fetchedAt":0,"drafts":[]}"#,
                .wrongType(field: "books[0].id", expected: "an integer", got: "number 1.5")
            ),
            (
                #"{"version":1,"books":[{"id":4,"title":"a","revision":0},{"id":4,"title":"b","revision":0}],"fetchedAt":0,"drafts":[]}"#,
                .invalidField(field: "books[1].id", reason: "book ID 4 is already at books[0]")
            ),
            (
                // Out of order, the repeat is named where it first comes again, against its first place.
                #"{"version":1,"books":[{"id":9,"title":"a","revision":0},{"id":2,"title":"b","revision":0},{"id":7,"title":"c","revision":0},{"id":2,"title":"d","revision":0},{"id":9,"title":"e","revision":0}],"fetchedAt":0,"drafts":[]}"#,
                .invalidField(field: "books[3].id", reason: "book ID 2 is already at books[1]")
            ),
            (#"{"version":1,"books":[],"drafts":[]}"#, .missingField("fetchedAt")),
            (#"{"version":1,"books":[],"fetchedAt":"now","drafts":[]}"#, .wrongType(field: "fetchedAt", expected: "a number", got: #"string "now""#)),
            (#"{"version":1,"books":[],"fetchedAt":1e400,"drafts":[]}"#, .invalidField(field: "fetchedAt", reason: "must be a finite number, got inf")),
            (#"{"version":1,"books":[],"fetchedAt":0}"#, .missingField("drafts")),
            (
                #"{"version":1,"books":[],"fetchedAt":0,"drafts":[{"bookID":1,"baseRevision":null,"proposedTitle":"x"}]}"#,
                .wrongType(field: "drafts[0].baseRevision", expected: "an integer", got: "null")
            ),
            (#"{"version":1,"books":[],"fetchedAt":0,"drafts":[{"bookID":1,"baseRevision":1}]}"#, .missingField("drafts[0].proposedTitle")),
            (#"{"version":1,"version":1}"#, .notJSON(JSONParseError(offset: 13, reason: .duplicateKey("version")))),
        ] as [(String, RestoreError)])
    func invalidSnapshotsFail(text: String, error: RestoreError) {
        #expect(throws: error) { try ShelfSnapshotCodec.decode(text.utf8) }
    }

    @Test(
        "snapshots that would not read back are refused when encoding",
        arguments: [
            ([], .nan, RestoreError.invalidField(field: "fetchedAt", reason: "must be a finite number, got nan")),
            ([], .infinity, .invalidField(field: "fetchedAt", reason: "must be a finite number, got inf")),
            (
                [ShelfBook(id: 1, title: "a", revision: 0), ShelfBook(id: 1, title: "b", revision: 0)],
                0, .invalidField(field: "books[1].id", reason: "book ID 1 is already at books[0]")
            ),
            (
                [ShelfBook(id: 5, title: "a", revision: 0), ShelfBook(id: 3, title: "b", revision: 0), ShelfBook(id: 5, title: "c", revision: 0)],
                0, .invalidField(field: "books[2].id", reason: "book ID 5 is already at books[0]")
            ),
        ] as [([ShelfBook], Double, RestoreError)])
    func unencodableSnapshotsAreRefused(books: [ShelfBook], fetchedAt: Double, error: RestoreError) {
        // The Date is built here, not passed as an argument: describing a NaN Date traps.
        let snapshot = ShelfSnapshot(books: books, fetchedAt: Date(timeIntervalSince1970: fetchedAt))
        #expect {
            try ShelfSnapshotCodec.encode(snapshot)
        } throws: { thrown in
            (thrown as? RestoreError) == error
        }
    }

    @Test("error descriptions are one readable line")
    func errorDescriptionsAreReadable() {
        let duplicate = #"{"version":2,"books":[{"id":4,"title":"a","revision":0},{"id":4,"title":"b","revision":0}],"fetchedAt":0,"drafts":[]}"#
        #expect(throws: RestoreError.self) { try ShelfSnapshotCodec.decode(duplicate.utf8) }
        #expect(
            RestoreError.invalidField(field: "books[1].id", reason: "book ID 4 is already at books[0]").localizedDescription
                == #"field "books[1].id": book ID 4 is already at books[0]"#)
        #expect(RestoreError.missingField("books[0].revision").localizedDescription == #"field "books[0].revision" is missing"#)
        #expect(RestoreError.newerVersion(version: 3, newestReadable: 2).localizedDescription == "format 3 is newer than this build reads (2)")
    }
}
