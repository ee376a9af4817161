import Foundation
import JSON
import ScreenModels
import StateRestore
import StateStore

extension ShelfSnapshotCodec {
    /// A snapshot's text read in one pass: the top-level members, with `books` and `drafts`
    /// made into rows as they are parsed (their members in `object` are empty arrays), so the
    /// parse never holds a tree of every row. A row's error is kept, not thrown, until the
    /// header says the snapshot is one this build reads.
    struct ParsedSnapshot {
        var object = JSONObject()
        var books = Rows<ShelfBook>(key: "books")
        var drafts = Rows<ShelfDraft>(key: "drafts")
        /// The books whose draft says `"recovered": true`.
        var recoveredDrafts: Set<Int> = []
    }

    /// The rows of one streamed array and the first row that could not be read.
    struct Rows<Row> {
        let key: String
        var rows: [Row] = []
        var count = 0
        var firstError: RestoreError?

        mutating func add(_ value: JSONValue, _ make: (JSONObject, String) throws(RestoreError) -> Row) {
            count += 1
            guard firstError == nil else { return }
            let path = "\(key)[\(count - 1)]"
            do throws(RestoreError) {
                rows.append(try make(try ShelfSnapshotCodec.object(value, path: path), path))
            } catch {
                firstError = error
                rows = []
            }
        }

        /// The rows, or the first row's error, or why the member itself is missing or not an array.
        func get(in object: JSONObject) throws(RestoreError) -> [Row] {
            let value = try ShelfSnapshotCodec.field(object, key, path: key)
            guard case .array = value else {
                throw .wrongType(field: key, expected: "an array", got: value.briefDescription)
            }
            if let firstError { throw firstError }
            return rows
        }
    }

    static func parse(_ bytes: some Collection<UInt8>) throws(RestoreError) -> ParsedSnapshot {
        var parsed = ParsedSnapshot()
        let value: JSONValue
        do throws(JSONParseError) {
            value = try JSONValue.parse(bytes, streamingArraysOf: ["books", "drafts"]) { key, element in
                if key == "books" {
                    parsed.books.add(element, makeBook)
                } else {
                    parsed.drafts.add(element, makeDraft)
                    if case .object(let draft) = element, draft["recovered"] == .bool(true), case .integer(let bookID)? = draft["bookID"] {
                        parsed.recoveredDrafts.insert(Int(bookID))
                    }
                }
            }
        } catch {
            throw .notJSON(error)
        }
        guard case .object(let object) = value else { throw .notAnObject(got: value.kindName) }
        parsed.object = object
        return parsed
    }

    static func makeBook(_ book: JSONObject, _ path: String) throws(RestoreError) -> ShelfBook {
        ShelfBook(
            id: try integer(book, "id", path: path),
            title: try string(book, "title", path: path),
            revision: try integer(book, "revision", path: path)
        )
    }

    static func makeDraft(_ draft: JSONObject, _ path: String) throws(RestoreError) -> ShelfDraft {
        ShelfDraft(
            bookID: try integer(draft, "bookID", path: path),
            baseRevision: try integer(draft, "baseRevision", path: path),
            proposedTitle: try string(draft, "proposedTitle", path: path)
        )
    }

    /// Unlike records, snapshots have always written `version`, so it is required.
    static func header(of object: JSONObject) throws(RestoreError) -> RecordHeader {
        guard object["version"] != nil else { throw .missingField("version") }
        return try RecordHeader(of: object)
    }

    /// The fields of a v1/v2 snapshot (or a newer one read through its `minReaderVersion`).
    static func read(_ parsed: ParsedSnapshot, defaultsApplied: inout [String]) throws(RestoreError) -> ShelfSnapshot {
        let object = parsed.object
        var query = ""
        if let value = object["query"] {
            guard case .string(let string) = value else {
                throw .wrongType(field: "query", expected: "a string", got: value.briefDescription)
            }
            query = string
        } else {
            defaultsApplied.append("query")
        }
        let books = try parsed.books.get(in: object)
        try checkUniqueIDs(books)

        let fetchedAt: Double
        switch try field(object, "fetchedAt", path: "fetchedAt") {
        case .integer(let integer): fetchedAt = Double(integer)
        case .double(let double): fetchedAt = double
        case let other: throw .wrongType(field: "fetchedAt", expected: "a number", got: other.briefDescription)
        }
        guard fetchedAt.isFinite else { throw notFinite(fetchedAt) }

        let drafts = try parsed.drafts.get(in: object)
        return ShelfSnapshot(books: books, fetchedAt: Date(timeIntervalSince1970: fetchedAt), drafts: drafts, query: query)
    }
}
