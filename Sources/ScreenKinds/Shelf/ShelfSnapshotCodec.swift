import Foundation
import JSON
import ScreenModels
import StateRestore

/// Reads and writes the stored form of a shelf's `ShelfSnapshot`.
///
/// Format history, all readable:
/// - v1: `{"version": 1, "books": [{"id", "title", "revision"}], "fetchedAt": seconds since
///   1970, "drafts": [{"bookID", "baseRevision", "proposedTitle"}]}`
/// - v2 (current): v1 plus `"query"`, the query the listed books answer (`""` when absent). A
///   draft may carry `"recovered": true`: it was kept from a stored snapshot that the launch
///   saving this one could not read, and restores flagged as a conflict.
///
/// A snapshot may carry `"minReaderVersion"`: a newer one is read as v2 when it is 2 or lower,
/// and is otherwise left for the release that wrote it. Every v1/v2 field but `query` is
/// required and typed, book IDs are unique, and `fetchedAt` is finite. Unknown members are
/// ignored.
///
/// ```swift
/// let text = try ShelfSnapshotCodec.encode(snapshot)
/// let again = try ShelfSnapshotCodec.decode(text.utf8)
/// ```
public enum ShelfSnapshotCodec {
    /// The format version this build writes, and the newest it reads natively.
    public static let currentVersion = 2

    /// Writes `snapshot` compactly with keys `version`, `query`, `books`, `fetchedAt`, `drafts`;
    /// `fetchedAt` is written as seconds since 1970.
    ///
    /// Throws `RecordError.invalidField(field:reason:)` for a `fetchedAt` that is not finite
    /// rather than write a timestamp JSON cannot hold, and for a book `id` that repeats an
    /// earlier one rather than write a snapshot that would not read back.
    public static func encode(_ snapshot: ShelfSnapshot) throws(RecordError) -> String {
        String(decoding: try encodedBytes(snapshot), as: UTF8.self)
    }

    /// ``encode(_:)``'s text as UTF-8 bytes, which the store writes without another copy.
    ///
    /// The drafts of books in `recoveredDrafts` are written with `"recovered": true`: kept from a
    /// stored snapshot the launch that saved this one could not read, so the next restore flags
    /// them as conflicts. Readers of format 2 that do not know the member ignore it.
    package static func encodedBytes(_ snapshot: ShelfSnapshot, recoveredDrafts: Set<Int> = []) throws(RecordError) -> [UInt8] {
        let fetchedAt = snapshot.fetchedAt.timeIntervalSince1970
        guard fetchedAt.isFinite else { throw notFinite(fetchedAt) }
        try checkUniqueIDs(snapshot.books.map(\.id))
        // Written piece by piece (one small value per row), never as a tree of the whole
        // snapshot, and into a buffer sized up front, so a large shelf costs its text and little
        // more. The text is what the tree would encode to: same keys, order and spelling.
        var writer = JSONWriter(isPretty: false, sortsKeys: false, capacity: estimatedSize(of: snapshot))
        writer.append("{\"version\":\(currentVersion),\"query\":")
        writer.write(.string(snapshot.query))
        writer.append(",\"books\":[")
        for (position, book) in snapshot.books.enumerated() {
            if position > 0 { writer.append(",") }
            writer.write(["id": .integer(Int64(book.id)), "title": .string(book.title), "revision": .integer(Int64(book.revision))])
        }
        writer.append("],\"fetchedAt\":")
        writer.write(.double(fetchedAt))
        writer.append(",\"drafts\":[")
        for (position, draft) in snapshot.drafts.enumerated() {
            if position > 0 { writer.append(",") }
            var object: JSONObject = [
                "bookID": .integer(Int64(draft.bookID)),
                "baseRevision": .integer(Int64(draft.baseRevision)),
                "proposedTitle": .string(draft.proposedTitle),
            ]
            if recoveredDrafts.contains(draft.bookID) { object["recovered"] = .bool(true) }
            writer.write(.object(object))
        }
        writer.append("]}")
        return writer.output
    }

    /// The encoded size when no text needs escapes (one with escapes grows the buffer once).
    private static func estimatedSize(of snapshot: ShelfSnapshot) -> Int {
        func digits(_ number: Int) -> Int {
            var rest = number.magnitude
            var count = number < 0 ? 2 : 1
            while rest >= 10 {
                rest /= 10
                count += 1
            }
            return count
        }
        // {"id":,"title":"","revision":} and a comma: 31 bytes around the values.
        let books = snapshot.books.reduce(0) { $0 + 31 + digits($1.id) + $1.title.utf8.count + digits($1.revision) }
        // {"bookID":,"baseRevision":,"proposedTitle":""} and a comma: 47 bytes.
        let drafts = snapshot.drafts.reduce(0) { $0 + 47 + digits($1.bookID) + $1.proposedTitle.utf8.count + digits($1.baseRevision) }
        return books + drafts + snapshot.query.utf8.count + 96
    }

    /// Reads a snapshot of any format this build can read; a newer one it may not read throws
    /// `RecordError.newerVersion(version:newestReadable:)`.
    public static func decode(_ bytes: some Collection<UInt8>) throws(RecordError) -> ShelfSnapshot {
        switch decodeForRestore(bytes) {
        case .decoded(let snapshot, _): return snapshot
        case .newer(let version, _): throw .newerVersion(version: version, newestReadable: currentVersion)
        case .unreadable(let error): throw error
        }
    }

    /// Reads a stored snapshot on the restore path; never throws.
    public static func decodeForRestore(_ bytes: some Collection<UInt8>) -> ShelfSnapshotDecoding {
        decodeStored(bytes).decoding
    }

    /// ``decodeForRestore(_:)``, with the books whose draft says `"recovered": true` (kept from
    /// a snapshot a launch could not read; restored flagged as conflicts).
    package static func decodeStored(_ bytes: some Collection<UInt8>) -> (decoding: ShelfSnapshotDecoding, recoveredDrafts: Set<Int>) {
        do throws(RecordError) {
            let parsed = try parse(bytes)
            let header = try header(of: parsed.object)
            guard header.readableVersion(byReaderOf: currentVersion) != nil else {
                return (.newer(version: header.version, minReaderVersion: header.minReaderVersion), [])
            }
            var defaults: [String] = []
            let snapshot = try read(parsed, defaultsApplied: &defaults)
            let provenance = RecordProvenance(
                sourceVersion: header.version, defaultsApplied: defaults,
                readThroughMinReaderVersion: header.version > currentVersion ? header.minReaderVersion : nil
            )
            return (.decoded(snapshot, provenance), parsed.recoveredDrafts)
        } catch {
            return (.unreadable(error), [])
        }
    }

    /// Checks a snapshot given for storing (`restorectl shelf save`): one of a format this build
    /// reads must decode; a newer one is stored as it is.
    public static func validateForSave(_ bytes: some Collection<UInt8>) throws(RecordError) -> ValidatedShelfSnapshot {
        let parsed = try parse(bytes)
        let header = try header(of: parsed.object)
        let payload = String(decoding: bytes, as: UTF8.self)
        if header.readableVersion(byReaderOf: currentVersion) == nil {
            var fetchedAt: Double?
            switch parsed.object["fetchedAt"] {
            case .integer(let integer)?: fetchedAt = Double(integer)
            case .double(let double)? where double.isFinite: fetchedAt = double
            default: fetchedAt = nil
            }
            return ValidatedShelfSnapshot(
                version: header.version, minReaderVersion: header.minReaderVersion, payload: payload,
                rowCount: parsed.books.count, fetchedAt: fetchedAt, snapshot: nil
            )
        }
        var defaults: [String] = []
        let snapshot = try read(parsed, defaultsApplied: &defaults)
        return ValidatedShelfSnapshot(
            version: header.version, minReaderVersion: header.minReaderVersion, payload: payload,
            rowCount: snapshot.books.count, fetchedAt: snapshot.fetchedAt.timeIntervalSince1970, snapshot: snapshot
        )
    }

    /// A snapshot's text read in one pass: the top-level members, with `books` and `drafts`
    /// made into rows as they are parsed (their members in `object` are empty arrays), so the
    /// parse never holds a tree of every row. A row's error is kept, not thrown, until the
    /// header says the snapshot is one this build reads.
    private struct ParsedSnapshot {
        var object = JSONObject()
        var books = Rows<ShelfBook>(key: "books")
        var drafts = Rows<ShelfDraft>(key: "drafts")
        /// The books whose draft says `"recovered": true`.
        var recoveredDrafts: Set<Int> = []
    }

    /// The rows of one streamed array and the first row that could not be read.
    private struct Rows<Row> {
        let key: String
        var rows: [Row] = []
        var count = 0
        var firstError: RecordError?

        mutating func add(_ value: JSONValue, _ make: (JSONObject, String) throws(RecordError) -> Row) {
            count += 1
            guard firstError == nil else { return }
            let path = "\(key)[\(count - 1)]"
            do throws(RecordError) {
                rows.append(try make(try ShelfSnapshotCodec.object(value, path: path), path))
            } catch {
                firstError = error
                rows = []
            }
        }

        /// The rows, or the first row's error, or why the member itself is missing or not an array.
        func get(in object: JSONObject) throws(RecordError) -> [Row] {
            let value = try ShelfSnapshotCodec.field(object, key, path: key)
            guard case .array = value else {
                throw .wrongType(field: key, expected: "an array", got: value.briefDescription)
            }
            if let firstError { throw firstError }
            return rows
        }
    }

    private static func parse(_ bytes: some Collection<UInt8>) throws(RecordError) -> ParsedSnapshot {
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

    private static func makeBook(_ book: JSONObject, _ path: String) throws(RecordError) -> ShelfBook {
        ShelfBook(
            id: try integer(book, "id", path: path),
            title: try string(book, "title", path: path),
            revision: try integer(book, "revision", path: path)
        )
    }

    private static func makeDraft(_ draft: JSONObject, _ path: String) throws(RecordError) -> ShelfDraft {
        ShelfDraft(
            bookID: try integer(draft, "bookID", path: path),
            baseRevision: try integer(draft, "baseRevision", path: path),
            proposedTitle: try string(draft, "proposedTitle", path: path)
        )
    }

    /// Unlike records, snapshots have always written `version`, so it is required.
    private static func header(of object: JSONObject) throws(RecordError) -> RecordHeader {
        guard object["version"] != nil else { throw .missingField("version") }
        return try RecordHeader(of: object)
    }

    /// The fields of a v1/v2 snapshot (or a newer one read through its `minReaderVersion`).
    private static func read(_ parsed: ParsedSnapshot, defaultsApplied: inout [String]) throws(RecordError) -> ShelfSnapshot {
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
        try checkUniqueIDs(books.map(\.id))

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

    // MARK: - Field access

    private static func checkUniqueIDs(_ ids: [Int]) throws(RecordError) {
        var seen = Set<Int>(minimumCapacity: ids.count)
        for (index, id) in ids.enumerated() where !seen.insert(id).inserted {
            throw .invalidField(field: "books[\(index)].id", reason: "book ID \(id) is already at books[\(ids.firstIndex(of: id) ?? index)]")
        }
    }

    private static func notFinite(_ fetchedAt: Double) -> RecordError {
        .invalidField(field: "fetchedAt", reason: "must be a finite number, got \(fetchedAt)")
    }

    private static func fieldPath(_ parent: String, _ key: String) -> String {
        parent == key ? key : "\(parent).\(key)"
    }

    private static func field(_ object: JSONObject, _ key: String, path: String) throws(RecordError) -> JSONValue {
        guard let value = object[key] else { throw .missingField(fieldPath(path, key)) }
        return value
    }

    private static func object(_ value: JSONValue, path: String) throws(RecordError) -> JSONObject {
        guard case .object(let object) = value else {
            throw .wrongType(field: path, expected: "an object", got: value.briefDescription)
        }
        return object
    }

    private static func integer(_ object: JSONObject, _ key: String, path: String) throws(RecordError) -> Int {
        let value = try field(object, key, path: path)
        guard case .integer(let integer) = value, let result = Int(exactly: integer) else {
            throw .wrongType(field: fieldPath(path, key), expected: "an integer", got: value.briefDescription)
        }
        return result
    }

    private static func string(_ object: JSONObject, _ key: String, path: String) throws(RecordError) -> String {
        let value = try field(object, key, path: path)
        guard case .string(let string) = value else {
            throw .wrongType(field: fieldPath(path, key), expected: "a string", got: value.briefDescription)
        }
        return string
    }
}
