/// Encodes an `Encodable` value straight into a ``JSONValue`` tree, with no text in between.
///
/// Two choices make it fit records:
/// - an absent optional is written as `null` (`encodeIfPresent` writes the key), so encoding a
///   type's default value lists every field it has, optional ones included;
/// - integers stay `.integer` and floating-point numbers `.double`; a non-finite double, which
///   JSON cannot hold, is an `EncodingError`.
///
/// ```swift
/// let value = try JSONValueEncoder().encode(ReaderState(bookID: 7, page: 12))
/// // .object(["bookID": 7, "page": 12, "fontSize": 1.0])
/// ```
public struct JSONValueEncoder: Sendable {
    /// Creates an encoder.
    public init() {}

    /// The JSON value of `value`.
    public func encode(_ value: some Encodable) throws(EncodingError) -> JSONValue {
        do {
            let encoder = TreeEncoder(codingPath: [])
            try value.encode(to: encoder)
            return encoder.root?.value ?? .object(JSONObject())
        } catch let error as EncodingError {
            throw error
        } catch {
            throw EncodingError.invalidValue(
                value, EncodingError.Context(codingPath: [], debugDescription: "\(error)", underlyingError: error)
            )
        }
    }
}
