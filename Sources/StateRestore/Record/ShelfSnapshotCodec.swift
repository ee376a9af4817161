import Foundation
import JSON
import ScreenModels

/// Reads and writes the stored form of a shelf's `ShelfSnapshot`.
///
/// Format history, all readable:
/// - v1: `{"version": 1, "books": [{"id", "title", "revision"}], "fetchedAt": seconds since
///   1970, "drafts": [{"bookID", "baseRevision", "proposedTitle"}]}`
/// - v2 (current): v1 plus `"query"`, the query the listed books answer (`""` when absent).
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
    /// Throws ``ShelfSnapshotError/fetchedAtNotFinite(_:)`` rather than write a timestamp JSON
    /// cannot hold, and ``ShelfSnapshotError/duplicateBookID(id:firstIndex:secondIndex:)`` rather
    /// than write a snapshot that would not read back.
    public static func encode(_ snapshot: ShelfSnapshot) throws(ShelfSnapshotError) -> String {
        let fetchedAt = snapshot.fetchedAt.timeIntervalSince1970
        guard fetchedAt.isFinite else { throw .fetchedAtNotFinite(fetchedAt) }
        try checkUniqueIDs(snapshot.books.map(\.id))
        let books: [JSONValue] = snapshot.books.map {
            ["id": .integer(Int64($0.id)), "title": .string($0.title), "revision": .integer(Int64($0.revision))]
        }
        let drafts: [JSONValue] = snapshot.drafts.map {
            [
                "bookID": .integer(Int64($0.bookID)),
                "baseRevision": .integer(Int64($0.baseRevision)),
                "proposedTitle": .string($0.proposedTitle),
            ]
        }
        let object: JSONValue = [
            "version": .integer(Int64(currentVersion)),
            "query": .string(snapshot.query),
            "books": .array(books),
            "fetchedAt": .double(fetchedAt),
            "drafts": .array(drafts),
        ]
        return object.encoded()
    }

    /// Reads a snapshot of any format this build can read; a newer one it may not read throws
    /// ``ShelfSnapshotError/unsupportedVersion(got:)``.
    public static func decode(_ bytes: some Collection<UInt8>) throws(ShelfSnapshotError) -> ShelfSnapshot {
        switch decodeForRestore(bytes) {
        case .decoded(let snapshot, _): return snapshot
        case .newer(let version, _): throw .unsupportedVersion(got: "integer \(version)")
        case .unreadable(let error): throw error
        }
    }

    /// Reads a stored snapshot on the restore path; never throws.
    public static func decodeForRestore(_ bytes: some Collection<UInt8>) -> ShelfSnapshotDecoding {
        do throws(ShelfSnapshotError) {
            let object = try parseObject(bytes)
            let header = try header(of: object)
            guard header.readableVersion(byReaderOf: currentVersion) != nil else {
                return .newer(version: header.version, minReaderVersion: header.minReaderVersion)
            }
            var defaults: [String] = []
            let snapshot = try read(object, defaultsApplied: &defaults)
            let provenance = RecordProvenance(
                sourceVersion: header.version, defaultsApplied: defaults,
                readThroughMinReaderVersion: header.version > currentVersion ? header.minReaderVersion : nil
            )
            return .decoded(snapshot, provenance)
        } catch {
            return .unreadable(error)
        }
    }

    /// Checks a snapshot given for storing (`restorectl shelf save`): one of a format this build
    /// reads must decode; a newer one is stored as it is.
    public static func validateForSave(_ bytes: some Collection<UInt8>) throws(ShelfSnapshotError) -> ValidatedShelfSnapshot {
        let object = try parseObject(bytes)
        let header = try header(of: object)
        let payload = String(decoding: Array(bytes), as: UTF8.self)
        if header.readableVersion(byReaderOf: currentVersion) == nil {
            var rowCount = 0
            if case .array(let books)? = object["books"] { rowCount = books.count }
            var fetchedAt: Double?
            switch object["fetchedAt"] {
            case .integer(let integer)?: fetchedAt = Double(integer)
            case .double(let double)? where double.isFinite: fetchedAt = double
            default: fetchedAt = nil
            }
            return ValidatedShelfSnapshot(
                version: header.version, minReaderVersion: header.minReaderVersion, payload: payload,
                rowCount: rowCount, fetchedAt: fetchedAt, snapshot: nil
            )
        }
        var defaults: [String] = []
        let snapshot = try read(object, defaultsApplied: &defaults)
        return ValidatedShelfSnapshot(
            version: header.version, minReaderVersion: header.minReaderVersion, payload: payload,
            rowCount: snapshot.books.count, fetchedAt: snapshot.fetchedAt.timeIntervalSince1970, snapshot: snapshot
        )
    }

    private static func parseObject(_ bytes: some Collection<UInt8>) throws(ShelfSnapshotError) -> JSONObject {
        let value: JSONValue
        do throws(JSONParseError) {
            value = try JSONValue.parse(bytes)
        } catch {
            throw .malformedJSON(error)
        }
        guard case .object(let object) = value else { throw .notAnObject(got: value.kindName) }
        return object
    }

    /// Unlike records, snapshots have always written `version`, so it is required.
    private static func header(of object: JSONObject) throws(ShelfSnapshotError) -> RecordHeader {
        guard object["version"] != nil else { throw .missingField("version") }
        do throws(RecordError) {
            return try RecordHeader(of: object)
        } catch {
            throw .unsupportedVersion(got: (object["version"] ?? object["minReaderVersion"] ?? .null).briefDescription)
        }
    }

    /// The fields of a v1/v2 snapshot (or a newer one read through its `minReaderVersion`).
    private static func read(_ object: JSONObject, defaultsApplied: inout [String]) throws(ShelfSnapshotError) -> ShelfSnapshot {
        var query = ""
        if let value = object["query"] {
            guard case .string(let string) = value else {
                throw .wrongType(field: "query", expected: "a string", got: value.briefDescription)
            }
            query = string
        } else {
            defaultsApplied.append("query")
        }
        let books = try objects(object, "books") { (book, path) throws(ShelfSnapshotError) in
            ShelfBook(
                id: try integer(book, "id", path: path),
                title: try string(book, "title", path: path),
                revision: try integer(book, "revision", path: path)
            )
        }
        try checkUniqueIDs(books.map(\.id))

        let fetchedAt: Double
        switch try field(object, "fetchedAt", path: "fetchedAt") {
        case .integer(let integer): fetchedAt = Double(integer)
        case .double(let double): fetchedAt = double
        case let other: throw .wrongType(field: "fetchedAt", expected: "a number", got: other.briefDescription)
        }
        guard fetchedAt.isFinite else { throw .fetchedAtNotFinite(fetchedAt) }

        let drafts = try objects(object, "drafts") { (draft, path) throws(ShelfSnapshotError) in
            ShelfDraft(
                bookID: try integer(draft, "bookID", path: path),
                baseRevision: try integer(draft, "baseRevision", path: path),
                proposedTitle: try string(draft, "proposedTitle", path: path)
            )
        }
        return ShelfSnapshot(books: books, fetchedAt: Date(timeIntervalSince1970: fetchedAt), drafts: drafts, query: query)
    }

    // MARK: - Field access

    private static func checkUniqueIDs(_ ids: [Int]) throws(ShelfSnapshotError) {
        var positionByID: [Int: Int] = [:]
        positionByID.reserveCapacity(ids.count)
        for (index, id) in ids.enumerated() {
            if let firstIndex = positionByID.updateValue(index, forKey: id) {
                throw .duplicateBookID(id: id, firstIndex: firstIndex, secondIndex: index)
            }
        }
    }

    private static func fieldPath(_ parent: String, _ key: String) -> String {
        parent == key ? key : "\(parent).\(key)"
    }

    private static func field(_ object: JSONObject, _ key: String, path: String) throws(ShelfSnapshotError) -> JSONValue {
        guard let value = object[key] else { throw .missingField(fieldPath(path, key)) }
        return value
    }

    private static func object(_ value: JSONValue, path: String) throws(ShelfSnapshotError) -> JSONObject {
        guard case .object(let object) = value else {
            throw .wrongType(field: path, expected: "an object", got: value.briefDescription)
        }
        return object
    }

    private static func array(_ object: JSONObject, _ key: String, path: String) throws(ShelfSnapshotError) -> [JSONValue] {
        let value = try field(object, key, path: path)
        guard case .array(let elements) = value else {
            throw .wrongType(field: path, expected: "an array", got: value.briefDescription)
        }
        return elements
    }

    /// The array `key` of top-level `object`, each element an object made into a value by
    /// `make`, which gets the element's path (`books[2]`) for its errors.
    private static func objects<Element>(
        _ object: JSONObject, _ key: String,
        _ make: (JSONObject, String) throws(ShelfSnapshotError) -> Element
    ) throws(ShelfSnapshotError) -> [Element] {
        try array(object, key, path: key).enumerated().map { (index, entry) throws(ShelfSnapshotError) in
            let path = "\(key)[\(index)]"
            return try make(try self.object(entry, path: path), path)
        }
    }

    private static func integer(_ object: JSONObject, _ key: String, path: String) throws(ShelfSnapshotError) -> Int {
        let value = try field(object, key, path: path)
        guard case .integer(let integer) = value, let result = Int(exactly: integer) else {
            throw .wrongType(field: fieldPath(path, key), expected: "an integer", got: value.briefDescription)
        }
        return result
    }

    private static func string(_ object: JSONObject, _ key: String, path: String) throws(ShelfSnapshotError) -> String {
        let value = try field(object, key, path: path)
        guard case .string(let string) = value else {
            throw .wrongType(field: fieldPath(path, key), expected: "a string", got: value.briefDescription)
        }
        return string
    }
}
