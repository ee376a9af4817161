/// HMAC-SHA-256 (RFC 2104): a hash of a name under a secret key, so the same name gives the same
/// hash under one key and nothing about the name can be learnt without the key.
///
/// Restore events and redacted exports name accounts and scenes this way, never in the clear.
package struct KeyedHash: Sendable {
    /// SHA-256 with the key's inner and outer pads already absorbed (one block each): every MAC
    /// starts from these, so it compresses two blocks fewer than hashing the pads again
    /// (an event's name hashed in about half the instructions).
    private let inner: SHA256
    private let outer: SHA256

    /// A hash under `key` (any length; keys longer than a block are hashed first, as RFC 2104 says).
    package init(key: some Sequence<UInt8>) {
        var block = Array(key)
        if block.count > Self.blockByteCount { block = SHA256.digest(of: block) }
        block += [UInt8](repeating: 0, count: Self.blockByteCount - block.count)
        var inner = SHA256()
        inner.update(block.map { $0 ^ 0x36 })
        var outer = SHA256()
        outer.update(block.map { $0 ^ 0x5c })
        self.inner = inner
        self.outer = outer
    }

    /// A key of `byteCount` random bytes from the system's generator.
    package static func randomKey(byteCount: Int = 32) -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<byteCount).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    }

    /// The 32-byte MAC of `message`.
    package func mac(of message: some Sequence<UInt8>) -> [UInt8] {
        var inner = self.inner
        inner.update(message)
        var outer = self.outer
        outer.update(inner.finalize())
        return outer.finalize()
    }

    /// The MAC of `text`'s UTF-8 bytes as lowercase hexadecimal, cut to `characterCount`
    /// characters (64, the whole MAC, by default).
    package func hex(of text: String, characterCount: Int = 64) -> String {
        String(SHA256.hex(mac(of: text.utf8)).prefix(max(0, min(64, characterCount))))
    }

    private static let blockByteCount = 64
}
