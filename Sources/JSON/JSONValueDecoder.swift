/// Decodes a `Decodable` value straight from a ``JSONValue`` tree, strictly.
///
/// Types are never blurred: an integer field needs a JSON integer that fits, a `Bool` needs
/// `true`/`false`, a `String` a string; a `Double` accepts any number. Unknown keys are
/// ignored (the record codec keeps them separately). A failure is a `DecodingError` whose
/// context has the full coding path; the record codec turns it into a message naming the
/// field (`viewport.anchorID`, `items[2].title`).
///
/// It reads the tree in place: a field is looked up in its object and read without copying
/// the subtree, and a field's coding path is only put together when an error or a nested
/// container needs it.
///
/// ```swift
/// let state = try JSONValueDecoder().decode(ReaderState.self, from: value)
/// ```
public struct JSONValueDecoder: Sendable {
    /// Creates a decoder.
    public init() {}

    /// The value of type `type` that `value` describes.
    public func decode<T: Decodable>(_ type: T.Type, from value: JSONValue) throws(DecodingError) -> T {
        do {
            return try TreeDecoder(value: value, parentPath: [], last: .none).decodeValue(type)
        } catch let error as DecodingError {
            throw error
        } catch {
            throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: [], debugDescription: "\(error)", underlyingError: error))
        }
    }
}
