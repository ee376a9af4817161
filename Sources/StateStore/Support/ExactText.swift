/// A string compared and hashed by its UTF-8 bytes, as SQLite compares text: a key for a set or
/// a dictionary of names where two spellings of one text (`café` composed and decomposed, which
/// `String` calls equal) must stay two keys. Making one copies nothing (an `Array` of the bytes
/// would be an allocation at every lookup).
package struct ExactText: Hashable, Sendable {
    /// The text.
    package let text: String

    package init(_ text: String) { self.text = text }

    package static func == (lhs: ExactText, rhs: ExactText) -> Bool { lhs.text.hasSameBytes(as: rhs.text) }

    package func hash(into hasher: inout Hasher) {
        var text = text
        hasher.combine(text.utf8.count)
        text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}
