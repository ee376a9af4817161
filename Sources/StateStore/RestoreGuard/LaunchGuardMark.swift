/// One screen's mark in the launch guard file: hashes of its account and of its (account,
/// scene, kind), stable across processes and releases (64-bit FNV-1a of the UTF-8 bytes, the
/// parts separated by a zero byte), so a later launch can find the record it blames and a
/// purge can find an account's marks, while no name is written beside the database.
package struct LaunchGuardMark: Hashable, Sendable {
    /// The hash of the account name.
    package let accountHash: UInt64
    /// The hash of the account, scene and kind.
    package let screenHash: UInt64

    /// The mark of the record of `kind` for (`account`, `scene`).
    package init(account: String, scene: String, kind: String) {
        accountHash = Self.hash([account])
        screenHash = Self.hash([account, scene, kind])
    }

    /// A mark read back from the file.
    package init(accountHash: UInt64, screenHash: UInt64) {
        self.accountHash = accountHash
        self.screenHash = screenHash
    }

    /// The hash of an account name, as marks hold it.
    package static func accountHash(_ account: String) -> UInt64 { hash([account]) }

    /// 64-bit FNV-1a of the parts' UTF-8 bytes, separated by a zero byte (the live-scenes
    /// file hashes its names the same way).
    static func hash(_ parts: [String]) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for (index, part) in parts.enumerated() {
            if index > 0 { hash = (hash ^ 0) &* 0x0000_0100_0000_01b3 }
            for byte in part.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        }
        return hash
    }
}
