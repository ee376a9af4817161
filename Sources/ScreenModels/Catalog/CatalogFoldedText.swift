import Foundation

/// Lowercased text prepared for fast case-insensitive substring matching.
///
/// For plain ASCII (no carriage return, which joins with a line feed into one character),
/// byte containment equals `String.contains`, so the match is a byte scan. Any other text
/// falls back to `String.contains`, which compares by `Character` with canonical equivalence.
struct CatalogFoldedText: Sendable {
    let text: String
    let bytes: [UInt8]
    let isPlainASCII: Bool
    /// Which byte values occur in ``bytes``, each as bit `value % 64`: text that lacks one of a
    /// needle's bytes cannot contain it, which one comparison tells for most titles of a
    /// document without scanning them.
    let byteMask: UInt64

    init(_ raw: String) {
        text = raw.lowercased()
        bytes = Array(text.utf8)
        isPlainASCII = bytes.allSatisfy { $0 < 0x80 && $0 != 0x0D }
        byteMask = bytes.reduce(0) { $0 | 1 << ($1 & 63) }
    }

    /// Whether `needle` occurs in this text, matching `String.contains` on the lowercased strings.
    func contains(_ needle: CatalogFoldedText) -> Bool {
        guard isPlainASCII, needle.isPlainASCII else { return text.contains(needle.text) }
        guard needle.byteMask & ~byteMask == 0 else { return false }
        return Self.bytes(bytes, contain: needle.bytes)
    }

    /// Whether `needle` occurs in `haystack`: libc's `memchr` (vectorised) skips to each place
    /// the needle's first byte occurs, and `memcmp` compares the rest there. A title holds the
    /// query's first byte in few places, so a projection over thousands of titles compares few
    /// bytes beyond the scan.
    private static func bytes(_ haystack: [UInt8], contain needle: [UInt8]) -> Bool {
        let count = needle.count
        guard count > 0 else { return true }
        guard count <= haystack.count else { return false }
        return haystack.withUnsafeBytes { hay in
            needle.withUnsafeBytes { query in
                guard let hayStart = hay.baseAddress, let queryStart = query.baseAddress else { return false }
                let first = Int32(query[0])
                // The last position a match can start at, and the next one to look from.
                let lastStart = hay.count - count
                var start = 0
                while start <= lastStart, let found = memchr(hayStart + start, first, lastStart - start + 1) {
                    start = hayStart.distance(to: UnsafeRawPointer(found))
                    if memcmp(hayStart + start + 1, queryStart + 1, count - 1) == 0 { return true }
                    start += 1
                }
                return false
            }
        }
    }
}
