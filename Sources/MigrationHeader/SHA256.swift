import Foundation

/// A SHA-256 hasher (FIPS 180-4), written here because Foundation on Linux has no SHA-256
/// and CryptoKit is unavailable. It lives beside the migration header's parsing because the
/// build's embedder computes each migration's checksum with it, as the store does.
///
/// Use the one-shot helpers for whole values, or feed bytes in pieces and finalize once:
///
/// ```swift
/// let checksum = SHA256.hexDigest(of: migration.contents)
///
/// var hasher = SHA256()
/// hasher.update(header)
/// hasher.update(body)
/// let digest = hasher.finalize()  // 32 bytes
/// ```
///
/// The hasher is a value: `finalize()` does not change it, so a copy can keep hashing a longer
/// message. Messages are processed a 64-byte block at a time on 32-bit words.
package struct SHA256: Sendable {
    /// The size of a digest in bytes.
    package static let digestByteCount = 32

    /// The size of one compression block in bytes.
    private static let blockByteCount = 64

    /// The first 32 bits of the fractional parts of the square roots of the first 8 primes.
    private static let initialState: [UInt32] = [
        0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a,
        0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19,
    ]

    /// The first 32 bits of the fractional parts of the cube roots of the first 64 primes.
    private static let roundConstants: [UInt32] = [
        0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
        0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
        0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
        0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
        0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
        0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
        0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
        0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
    ]

    /// The running hash value H0…H7.
    private var state: [UInt32] = SHA256.initialState

    /// Bytes received since the last full block; always fewer than 64.
    private var pending: [UInt8] = []

    /// The number of message bytes received so far (wraps modulo 2^64 like the standard's length).
    private var messageByteCount: UInt64 = 0

    /// Creates a hasher for an empty message.
    package init() {
        pending.reserveCapacity(Self.blockByteCount)
    }

    /// Returns the lowercase hexadecimal SHA-256 digest of `bytes`.
    package static func hexDigest(of bytes: some Sequence<UInt8>) -> String {
        hex(digest(of: bytes))
    }

    /// Returns the 32-byte SHA-256 digest of `bytes`.
    package static func digest(of bytes: some Sequence<UInt8>) -> [UInt8] {
        var hasher = SHA256()
        hasher.update(bytes)
        return hasher.finalize()
    }

    /// Appends `bytes` to the message.
    package mutating func update(_ bytes: some Sequence<UInt8>) {
        let wasContiguous: Void? = bytes.withContiguousStorageIfAvailable { buffer in
            update(raw: UnsafeRawBufferPointer(buffer))
        }
        guard wasContiguous == nil else { return }
        // Non-contiguous sequences (lazy maps, `repeatElement`…) are staged in chunks so the
        // compression loop still sees whole blocks instead of single bytes.
        var chunk: [UInt8] = []
        chunk.reserveCapacity(64 * Self.blockByteCount)
        for byte in bytes {
            chunk.append(byte)
            if chunk.count == chunk.capacity {
                chunk.withUnsafeBytes { update(raw: $0) }
                chunk.removeAll(keepingCapacity: true)
            }
        }
        chunk.withUnsafeBytes { update(raw: $0) }
    }

    /// Returns the 32-byte digest of the message so far, leaving the hasher unchanged.
    package func finalize() -> [UInt8] {
        var copy = self
        let bitLength = messageByteCount &* 8
        // Pad with 0x80, then zeros until 8 bytes short of a block boundary:
        // (pending + 1 + zeroCount) % 64 == 56.
        let zeroCount = (119 - pending.count) % Self.blockByteCount
        var padding: [UInt8] = [0x80]
        padding.reserveCapacity(1 + zeroCount + 8)
        padding.append(contentsOf: repeatElement(0, count: zeroCount))
        for shift in stride(from: 56, through: 0, by: -8) {
            padding.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift)))
        }
        copy.update(padding)
        assert(copy.pending.isEmpty, "padding must end on a block boundary")

        var digest: [UInt8] = []
        digest.reserveCapacity(Self.digestByteCount)
        for word in copy.state {
            withUnsafeBytes(of: word.bigEndian) { digest.append(contentsOf: $0) }
        }
        return digest
    }

    /// Returns the lowercase hexadecimal digest of the message so far, leaving the hasher unchanged.
    package func finalizeHex() -> String {
        Self.hex(finalize())
    }

    /// `bytes` as lowercase hexadecimal, two digits a byte.
    static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(2 * bytes.count)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// Appends raw bytes, compressing every block that becomes complete.
    private mutating func update(raw input: UnsafeRawBufferPointer) {
        messageByteCount &+= UInt64(input.count)
        var offset = 0
        if !pending.isEmpty {
            offset = min(Self.blockByteCount - pending.count, input.count)
            pending.append(contentsOf: input[0..<offset])
            guard pending.count == Self.blockByteCount else { return }
            let block = pending
            block.withUnsafeBytes { Self.compress(&state, blocks: $0) }
            pending.removeAll(keepingCapacity: true)
        }
        let wholeBlocksEnd = offset + (input.count - offset) / Self.blockByteCount * Self.blockByteCount
        if wholeBlocksEnd > offset {
            Self.compress(&state, blocks: UnsafeRawBufferPointer(rebasing: input[offset..<wholeBlocksEnd]))
        }
        pending.append(contentsOf: input[wholeBlocksEnd...])
    }

    /// Runs the compression function over `blocks`, whose length is a multiple of 64 bytes.
    private static func compress(_ state: inout [UInt32], blocks: UnsafeRawBufferPointer) {
        precondition(blocks.count % blockByteCount == 0)
        var h0 = state[0]
        var h1 = state[1]
        var h2 = state[2]
        var h3 = state[3]
        var h4 = state[4]
        var h5 = state[5]
        var h6 = state[6]
        var h7 = state[7]
        var schedule = [UInt32](repeating: 0, count: 64)
        schedule.withUnsafeMutableBufferPointer { w in
            roundConstants.withUnsafeBufferPointer { k in
                var blockStart = 0
                while blockStart < blocks.count {
                    for t in 0..<16 {
                        let word = blocks.loadUnaligned(fromByteOffset: blockStart + 4 * t, as: UInt32.self)
                        w[t] = UInt32(bigEndian: word)
                    }
                    for t in 16..<64 {
                        let s0 = rotr(w[t - 15], 7) ^ rotr(w[t - 15], 18) ^ (w[t - 15] &>> 3)
                        let s1 = rotr(w[t - 2], 17) ^ rotr(w[t - 2], 19) ^ (w[t - 2] &>> 10)
                        w[t] = w[t - 16] &+ s0 &+ w[t - 7] &+ s1
                    }
                    var a = h0
                    var b = h1
                    var c = h2
                    var d = h3
                    var e = h4
                    var f = h5
                    var g = h6
                    var h = h7
                    for t in 0..<64 {
                        let sigma1 = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)
                        let choice = (e & f) ^ (~e & g)
                        let t1 = h &+ sigma1 &+ choice &+ k[t] &+ w[t]
                        let sigma0 = rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)
                        let majority = (a & b) ^ (a & c) ^ (b & c)
                        let t2 = sigma0 &+ majority
                        h = g
                        g = f
                        f = e
                        e = d &+ t1
                        d = c
                        c = b
                        b = a
                        a = t1 &+ t2
                    }
                    h0 &+= a
                    h1 &+= b
                    h2 &+= c
                    h3 &+= d
                    h4 &+= e
                    h5 &+= f
                    h6 &+= g
                    h7 &+= h
                    blockStart += blockByteCount
                }
            }
        }
        state = [h0, h1, h2, h3, h4, h5, h6, h7]
    }

    /// Rotates `x` right by `n` bits (0 < n < 32).
    @inline(__always)
    private static func rotr(_ x: UInt32, _ n: UInt32) -> UInt32 {
        (x &>> n) | (x &<< (32 &- n))
    }
}
