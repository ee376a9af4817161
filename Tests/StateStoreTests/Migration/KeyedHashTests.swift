import MigrationHeader
import Testing

/// RFC 4231's HMAC-SHA-256 test cases 1, 2 and 6 (a key longer than a block).
struct KeyedHashTests {
    @Test func matchesTheRFC4231Vectors() {
        #expect(
            hex(KeyedHash(key: [UInt8](repeating: 0x0b, count: 20)).mac(of: Array("Hi There".utf8)))
                == "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7")
        #expect(
            KeyedHash(key: Array("Jefe".utf8)).hex(of: "what do ya want for nothing?")
                == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
        #expect(
            KeyedHash(key: [UInt8](repeating: 0xaa, count: 131)).hex(of: "Test Using Larger Than Block-Size Key - Hash Key First")
                == "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54")
    }

    @Test func differentKeysGiveDifferentHashesOfOneName() {
        let name = "alice@example.com"
        #expect(KeyedHash(key: KeyedHash.randomKey()).hex(of: name) != KeyedHash(key: KeyedHash.randomKey()).hex(of: name))
        #expect(KeyedHash(key: [1, 2, 3]).hex(of: name, characterCount: 12).count == 12)
    }

    private func hex(_ bytes: [UInt8]) -> String {
        bytes.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
    }
}
