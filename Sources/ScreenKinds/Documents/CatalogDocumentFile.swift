import JSON
import ScreenModels
import StateRestore

/// Reads a catalog document file: `{"books": [{"id": Int, "title": String}, …]}`.
///
/// Strict about what it needs (every entry an object with an integer `id` and a string
/// `title`, IDs unique) and tolerant of what it does not: unknown members anywhere are ignored.
/// Input goes through `JSONValue.parse(_:limits:)` with the default
/// limits, so oversized files, deep nesting and invalid UTF-8 fail with a clean error.
///
/// ```swift
/// let document = try CatalogDocumentFile.decode(Data(contentsOf: url))
/// ```
public enum CatalogDocumentFile {
    /// Decodes the document, its books in file order.
    public static func decode(_ bytes: some Collection<UInt8>) throws(DocumentDecodingError) -> CatalogDocument {
        let value: JSONValue
        do throws(JSONParseError) {
            value = try JSONValue.parse(bytes)
        } catch {
            throw .malformedJSON(error)
        }
        guard case .object(let document) = value else { throw .notAnObject(got: value.kindName) }
        guard let booksValue = document["books"] else { throw .booksMissing }
        guard case .array(let entries) = booksValue else { throw .booksNotAnArray(got: booksValue.kindName) }

        var books: [CatalogBook] = []
        books.reserveCapacity(entries.count)
        var positionByID: [Int: Int] = [:]
        positionByID.reserveCapacity(entries.count)
        for (index, entry) in entries.enumerated() {
            guard case .object(let object) = entry else {
                throw .entryNotAnObject(index: index, got: entry.briefDescription)
            }
            guard let idValue = object["id"] else { throw .missingField(index: index, field: "id") }
            guard case .integer(let rawID) = idValue, let id = Int(exactly: rawID) else {
                throw .wrongType(index: index, field: "id", expected: "an integer", got: idValue.briefDescription)
            }
            guard let titleValue = object["title"] else { throw .missingField(index: index, field: "title") }
            guard case .string(let title) = titleValue else {
                throw .wrongType(index: index, field: "title", expected: "a string", got: titleValue.briefDescription)
            }
            if let firstIndex = positionByID.updateValue(index, forKey: id) {
                throw .duplicateID(id: id, firstIndex: firstIndex, secondIndex: index)
            }
            books.append(CatalogBook(id: id, title: title))
        }
        // IDs were checked above, with both positions for the error, so the trusted initializer
        // cannot trap here.
        return CatalogDocument(books: books)
    }
}
