import Foundation
import JSON
import ScreenModels
import StateRestore
import StateStore

extension ShelfSnapshotCodec {
    static func checkUniqueIDs(_ ids: [Int]) throws(RestoreError) {
        var seen = Set<Int>(minimumCapacity: ids.count)
        for (index, id) in ids.enumerated() where !seen.insert(id).inserted {
            throw .invalidField(field: "books[\(index)].id", reason: "book ID \(id) is already at books[\(ids.firstIndex(of: id) ?? index)]")
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
