/// One screen's mark in the launch guard file: hashes of its account and of its (account,
/// scene, kind), stable across processes and releases (64-bit FNV-1a of the UTF-8 bytes, the
/// parts separated by a zero byte), the latter stamped with the save time of the record being
/// applied (``stamped(savedAt:)``), so a later launch can find the record it blames and a purge
/// can find an account's marks, while no name is written beside the database.
package struct LaunchGuardMark: Hashable, Sendable {
    /// The hash of the account name.
    package let accountHash: UInt64
    /// The hash of the account, scene and kind.
    package let screenHash: UInt64

    /// The mark of the record of `kind` for (`account`, `scene`).
    package init(account: String, scene: String, kind: String) {
        // One pass: the screen's hash goes on from the account's (the account hashed once,
        // no array of parts made), the same value `hash([account, scene, kind])` gives.
        accountHash = Self.hash(account, from: Self.offsetBasis)
        screenHash = Self.hash(kind, from: Self.separated(Self.hash(scene, from: Self.separated(accountHash))))
    }

    /// A mark read back from the file.
    package init(accountHash: UInt64, screenHash: UInt64) {
        self.accountHash = accountHash
        self.screenHash = screenHash
    }

    /// The mark of applying one stored record of this mark's screen: the screen's hash gone on
    /// over the record's save time (its bits), so a later launch blames only that record and
    /// not one saved after the crash (by another process, the tool, or after a discard), which
    /// has a save time of its own. Not the payload: a migration that rewrites records in place
    /// keeps their save time, and the record it rewrote is still the one that crashed. The
    /// account's hash stays, so a purge still finds the mark. Marks written before this (by
    /// older builds, or ``LaunchGuardFile/leaveMarksOfAKilledProcess(beside:_:)`` with
    /// unstamped marks) blame whatever record the screen holds.
    package func stamped(savedAt: Double) -> LaunchGuardMark {
        LaunchGuardMark(accountHash: accountHash, screenHash: Self.hash(savedAt.bitPattern, from: Self.step(screenHash, Self.stampTag)))
    }

    /// The byte a stamp starts with, after the screen's names: no name's bytes end a hash with it
    /// followed by a stamp's, since names hold no control characters.
    private static let stampTag: UInt8 = 0x01

    /// The hash of an account name, as marks hold it.
    package static func accountHash(_ account: String) -> UInt64 { hash([account]) }

    /// 64-bit FNV-1a of the parts' UTF-8 bytes, separated by a zero byte (the live-scenes
    /// file hashes its names the same way).
    static func hash(_ parts: [String]) -> UInt64 {
        var hash = offsetBasis
        for (index, part) in parts.enumerated() {
            if index > 0 { hash = separated(hash) }
            hash = Self.hash(part, from: hash)
        }
        return hash
    }

    /// The hash of an account and a scene, as a mark's screen hash begins (FNV-1a of the two
    /// names' bytes, a zero byte between): a table of many scenes keys them by it.
    package static func sceneHash(account: String, scene: String) -> UInt64 {
        hash(scene, from: separated(hash(account, from: offsetBasis)))
    }

    /// FNV-1a's starting value.
    private static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325

    /// `hash` gone on over `part`'s UTF-8 bytes: in place for a native string (the view's
    /// iterator costs several times more), through the view otherwise.
    private static func hash(_ part: String, from hash: UInt64) -> UInt64 {
        part.utf8.withContiguousStorageIfAvailable { $0.reduce(hash, step) } ?? part.utf8.reduce(hash, step)
    }

    /// `hash` gone on over `value`'s eight bytes, least significant first.
    private static func hash(_ value: UInt64, from hash: UInt64) -> UInt64 {
        stride(from: 0, to: 64, by: 8).reduce(hash) { step($0, UInt8(truncatingIfNeeded: value >> UInt64($1))) }
    }

    /// `hash` gone on over the zero byte between two parts.
    private static func separated(_ hash: UInt64) -> UInt64 { step(hash, 0) }

    /// One byte of FNV-1a.
    private static func step(_ hash: UInt64, _ byte: UInt8) -> UInt64 { (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
}
