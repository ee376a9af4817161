import CFaultInjection
import StateStore

/// Swift face of `CFaultInjection`'s "powercut" VFS: a write-back cache per file that a test
/// can cut the power to, keeping only what each file's last `xSync` wrote (and, when torn,
/// a seeded random part of the rest).
///
/// The cache is global to the process: every test that uses it sits in one `.serialized` suite.
enum PowerCutVFS {
    /// How a cut treats the writes since each file's last sync.
    enum CutMode: String, Sendable, CaseIterable {
        /// None of them reach the disk.
        case discard
        /// Each dirty 512-byte sector, and a pending truncation, reaches the disk or not.
        case tear

        var code: Int32 { self == .discard ? Int32(POWER_CUT_DISCARD) : Int32(POWER_CUT_TEAR) }
    }

    /// The VFS name to put in `DatabaseConfiguration.vfsName`.
    static let name: String = {
        let code = power_cut_vfs_register()
        precondition(code == 0, "could not register the power-cut SQLite VFS (code \(code))")
        return POWER_CUT_VFS_NAME
    }()

    /// A read/write configuration whose connections go through the cache.
    static func configuration(_ durability: DatabaseConfiguration.Durability) -> DatabaseConfiguration {
        var configuration = DatabaseConfiguration()
        configuration.vfsName = name
        configuration.durability = durability
        return configuration
    }

    /// Zeroes the counts and arms a cut at the `n`th write, truncate or sync from now (0: none).
    static func arm(at n: Int, mode: CutMode, seed: UInt64) {
        _ = name
        power_cut_vfs_reset_counts()
        power_cut_vfs_arm(Int64(n), mode.code, seed)
    }

    /// Cuts the power now, unless a cut already happened.
    static func cutNow(mode: CutMode, seed: UInt64) { power_cut_vfs_cut_now(mode.code, seed) }

    /// Whether the power is off.
    static var isOff: Bool { power_cut_vfs_is_off() }

    /// Turns the power back on for connections opened from now on.
    static func restore() { power_cut_vfs_restore() }

    /// Writes, truncates and syncs since the counts were zeroed.
    static var mutations: Int { Int(power_cut_vfs_mutation_count()) }

    /// Successful syncs of the database file or its log since the counts were zeroed.
    static var databaseSyncs: Int { Int(power_cut_vfs_sync_count(UInt32(POWER_CUT_FILE_DATABASE | POWER_CUT_FILE_WAL))) }

    /// Successful syncs of write-ahead logs since the counts were zeroed.
    static var logSyncs: Int { Int(power_cut_vfs_sync_count(UInt32(POWER_CUT_FILE_WAL))) }

    /// Bytes written to the cache and not yet synced.
    static var unsyncedBytes: Int { Int(power_cut_vfs_unsynced_bytes()) }

    /// Sectors the last cut wrote to disk and threw away.
    static var lastCut: (kept: Int, dropped: Int) {
        var kept: Int64 = 0
        var dropped: Int64 = 0
        power_cut_vfs_last_cut(&kept, &dropped)
        return (Int(kept), Int(dropped))
    }
}
