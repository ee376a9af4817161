import StateStore
import Testing

/// A mark's hashes are in the guard file on disk: a launch of this build must blame the marks
/// an earlier build left, so the values never change.
@Suite struct LaunchGuardMarkTests {
    @Test func aMarksHashesAreFNV1aOfTheNamesAsEveryEarlierBuildWroteThem() {
        // 64-bit FNV-1a of "alice", and of "alice\0main\0catalog", computed apart from the engine.
        let mark = LaunchGuardMark(account: "alice", scene: "main", kind: "catalog")
        #expect(mark.accountHash == 0x508b_2abb_65a0_3907)
        #expect(mark.screenHash == 0xc33c_d330_0aaa_f1a7)
        #expect(LaunchGuardMark.accountHash("alice") == mark.accountHash)
    }

    @Test func aNameOutsideASCIIIsHashedByItsUTF8Bytes() {
        // "é" is two UTF-8 bytes (0xC3 0xA9): FNV-1a of "é\0s\0k".
        #expect(LaunchGuardMark(account: "é", scene: "s", kind: "k").screenHash == 0x4672_7def_36ae_8591)
    }
}
