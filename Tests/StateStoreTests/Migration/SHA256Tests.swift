import Foundation
import MigrationHeader
import Testing

@testable import StateStore

/// FIPS 180-4 / NIST vectors and block-boundary lengths; the boundary digests were computed
/// with `sha256sum` over prefixes of `SHA256Tests.boundaryPattern`.
struct SHA256Tests {
    /// A message and its expected digest.
    struct Vector: Sendable, CustomTestStringConvertible {
        /// A short label for the test report.
        let label: String
        /// The message bytes.
        let message: [UInt8]
        /// The expected lowercase hex digest.
        let digest: String

        /// The label, so parameterized runs read well.
        var testDescription: String { label }
    }

    /// Source of the block-boundary messages: the first `n` bytes of this string.
    static let boundaryPattern = Array(
        "abcdefghijklmnopqrstuvwxyz0123456789abcdefghijklmnopqrstuvwxyz0123456789".utf8
    )

    /// Published NIST vectors.
    static let nistVectors: [Vector] = [
        Vector(
            label: "empty",
            message: [],
            digest: "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
        ),
        Vector(
            label: "abc",
            message: Array("abc".utf8),
            digest: "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        ),
        Vector(
            label: "448-bit",
            message: Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8),
            digest: "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        ),
        Vector(
            label: "896-bit",
            message: Array(
                ("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmno"
                    + "ijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu").utf8
            ),
            digest: "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"
        ),
        Vector(
            label: "bytes 0...255",
            message: (0...255).map { UInt8($0) },
            digest: "40aff2e9d2d8922e47afd4648e6967497158785fbd1da870e7110266bf944880"
        ),
    ]

    /// Lengths around the padding edges: 55 fits one block, 56 needs a second, 64 is one block.
    static let boundaryVectors: [Vector] = [
        (55, "82a01e3dd9cf63b32f2137747c00d92aeacfcea35dc58b37cf6b01fbcd7b5092"),
        (56, "24d78d38b3e044ec7100a06261c63a1e94f48928104858fe5576aea695db1e6f"),
        (63, "b499f29a5bed5082ce023ec3a5e7f7df025e37906d05391cdeea9b6a2d1f1a8e"),
        (64, "9811e1ddf569b14d62a237a466700c99034c0836d098a02b2bd146265489c068"),
        (65, "4e43e86934fadc32af139ed8d8dbd9cc1c1e9468ddcc136e0c64669f0b116bd2"),
    ].map { length, digest in
        Vector(label: "\(length) bytes", message: Array(boundaryPattern.prefix(length)), digest: digest)
    }

    /// NIST's long-message vector: one million "a".
    static let millionA = "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"

    @Test(arguments: nistVectors + boundaryVectors)
    func oneShotDigestMatchesReferenceVector(_ vector: Vector) {
        #expect(SHA256.hexDigest(of: vector.message) == vector.digest)
        #expect(SHA256.hexDigest(of: Data(vector.message)) == vector.digest)
    }

    @Test func oneMillionAMatchesNISTLongMessageVector() {
        let message = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)
        #expect(SHA256.hexDigest(of: message) == Self.millionA)
    }

    @Test(arguments: [1, 3, 55, 63, 64, 65, 1000, 4096])
    func oneMillionAFedInChunksMatchesOneShot(chunkLength: Int) {
        let chunk = [UInt8](repeating: UInt8(ascii: "a"), count: chunkLength)
        var hasher = SHA256()
        var remaining = 1_000_000
        while remaining > 0 {
            let take = min(chunkLength, remaining)
            hasher.update(chunk.prefix(take))
            remaining -= take
        }
        #expect(hasher.finalizeHex() == Self.millionA)
    }

    @Test(arguments: nistVectors + boundaryVectors)
    func splittingAtEveryOffsetGivesTheSameDigest(_ vector: Vector) {
        for split in 0...vector.message.count {
            var hasher = SHA256()
            hasher.update(vector.message[..<split])
            hasher.update(Data(vector.message[split...]))
            #expect(hasher.finalizeHex() == vector.digest, "split at \(split)")
        }
    }

    @Test func nonContiguousSequenceIsHashedLikeAnArray() {
        let lazyMessage = (0..<1_000_000).lazy.map { _ in UInt8(ascii: "a") }
        #expect(SHA256.hexDigest(of: lazyMessage) == Self.millionA)
        #expect(SHA256.hexDigest(of: repeatElement(UInt8(ascii: "a"), count: 1_000_000)) == Self.millionA)
    }

    @Test func finalizeLeavesTheHasherUsableForALongerMessage() {
        var hasher = SHA256()
        hasher.update(Array("ab".utf8))
        let prefixDigest = hasher.finalizeHex()
        #expect(prefixDigest == SHA256.hexDigest(of: Array("ab".utf8)))
        #expect(hasher.finalizeHex() == prefixDigest)

        hasher.update(Array("c".utf8))
        #expect(hasher.finalizeHex() == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    @Test func digestIsThirtyTwoBytesMatchingTheHexForm() {
        let digest = SHA256.digest(of: Array("abc".utf8))
        #expect(digest.count == SHA256.digestByteCount)
        #expect(digest.prefix(4) == [0xba, 0x78, 0x16, 0xbf])
        #expect(digest.suffix(4) == [0xf2, 0x00, 0x15, 0xad])
    }
}
