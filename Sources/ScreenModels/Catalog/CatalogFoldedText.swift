/// Lowercased text prepared for fast case-insensitive substring matching.
///
/// For plain ASCII (no carriage return, which joins with a line feed into one character),
/// byte containment equals `String.contains`, so the match is a byte scan. Any other text
/// falls back to `String.contains`, which compares by `Character` with canonical equivalence.
struct CatalogFoldedText: Sendable {
    let text: String
    let bytes: [UInt8]
    let isPlainASCII: Bool

    init(_ raw: String) {
        text = raw.lowercased()
        bytes = Array(text.utf8)
        isPlainASCII = bytes.allSatisfy { $0 < 0x80 && $0 != 0x0D }
    }

    /// Whether `needle` occurs in this text, matching `String.contains` on the lowercased strings.
    func contains(_ needle: CatalogFoldedText) -> Bool {
        guard isPlainASCII, needle.isPlainASCII else { return text.contains(needle.text) }
        return Self.bytes(bytes, contain: needle.bytes)
    }

    private static func bytes(_ haystack: [UInt8], contain needle: [UInt8]) -> Bool {
        let count = needle.count
        guard count > 0 else { return true }
        guard count <= haystack.count else { return false }
        return haystack.withUnsafeBufferPointer { hay in
            needle.withUnsafeBufferPointer { query in
                let first = query[0]
                var start = 0
                let last = hay.count - count
                while start <= last {
                    if hay[start] == first {
                        var offset = 1
                        while offset < count, hay[start + offset] == query[offset] { offset += 1 }
                        if offset == count { return true }
                    }
                    start += 1
                }
                return false
            }
        }
    }
}
