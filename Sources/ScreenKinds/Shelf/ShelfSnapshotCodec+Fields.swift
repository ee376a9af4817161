import Foundation
import JSON
import ScreenModels
import StateRestore
import StateStore

extension ShelfSnapshotCodec {
    static func checkUniqueIDs(_ books: [ShelfBook]) throws(RestoreError) {
        // IDs in increasing order (a shelf listed by ID) are unique: checked without memory.
        // Others are sorted in a copy (a word a book; a set of them takes three) and, only
        // when two are equal, looked for in order, so the error names the first repeat.
        if zip(books, books.dropFirst()).allSatisfy({ $0.id < $1.id }) { return }
        let sorted = books.map(\.id).sorted()
        guard zip(sorted, sorted.dropFirst()).contains(where: { $0 == $1 }) else { return }
        var seen = Set<Int>(minimumCapacity: books.count)
        for (index, book) in books.enumerated() where !seen.insert(book.id).inserted {
            let first = books.firstIndex { $0.id == book.id } ?? index
            throw .invalidField(field: "books[\(index)].id", reason: "book ID \(book.id) is already at books[\(first)]")
        }
    }

    static func notFinite(_ fetchedAt: Double) -> RestoreError {
        .invalidField(field: "fetchedAt", reason: "must be a finite number, got \(fetchedAt)")
    }

    static func fieldPath(_ parent: String, _ key: String) -> String {
        parent == key ? key : "\(parent).\(key)"
    }

    static func field(_ object: JSONObject, _ key: String, path: String) throws(RestoreError) -> JSONValue {
        guard let value = object[key] else { throw .missingField(fieldPath(path, key)) }
        return value
    }

    static func object(_ value: JSONValue, path: String) throws(RestoreError) -> JSONObject {
        guard case .object(let object) = value else {
            throw .wrongType(field: path, expected: "an object", got: value.briefDescription)
        }
        return object
    }

    static func integer(_ object: JSONObject, _ key: String, path: String) throws(RestoreError) -> Int {
        let value = try field(object, key, path: path)
        guard case .integer(let integer) = value, let result = Int(exactly: integer) else {
            throw .wrongType(field: fieldPath(path, key), expected: "an integer", got: value.briefDescription)
        }
        return result
    }

    static func string(_ object: JSONObject, _ key: String, path: String) throws(RestoreError) -> String {
        let value = try field(object, key, path: path)
        guard case .string(let string) = value else {
            throw .wrongType(field: fieldPath(path, key), expected: "a string", got: value.briefDescription)
        }
        return string
    }
}
