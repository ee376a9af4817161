extension Store {
    /// Whether a restore of this scene was started and never finished: the previous launch
    /// crashed while applying its record.
    public func hasRestoreMark(account: String, scene: String) throws -> Bool {
        guard hasRecoveryTables else { return false }
        return try database.fetchOne(
            "SELECT 1 FROM restore_mark WHERE account = ? AND scene = ?", [.text(account), .text(scene)]
        ) { _ in true } ?? false
    }

    /// Every restore started and not completed, oldest first. Empty on a schema without marks.
    public func restoreMarks() throws -> [RestoreMark] {
        guard hasRecoveryTables else { return [] }
        return try database.fetchAll("SELECT account, scene, started_at FROM restore_mark ORDER BY started_at, account, scene") { row in
            RestoreMark(account: row.string(0) ?? "", scene: row.string(1) ?? "", startedAt: row.double(2))
        }
    }

    /// Durably records that a restore of this scene is starting (committed before returning).
    public func setRestoreMark(account: String, scene: String) throws {
        try database.writeTransaction {
            try database.execute(
                "INSERT OR REPLACE INTO restore_mark (account, scene, started_at) VALUES (?, ?, ?)",
                [.text(account), .text(scene), .real(Store.now())]
            )
        }
    }

    /// Records that the restore of this scene completed.
    public func clearRestoreMark(account: String, scene: String) throws {
        try database.writeTransaction {
            try database.execute("DELETE FROM restore_mark WHERE account = ? AND scene = ?", [.text(account), .text(scene)])
        }
    }

    /// How many launches in a row found a restore that had crashed.
    public func consecutiveCrashedLaunches() throws -> Int {
        try counter("consecutive_crashed_launches")
    }

    /// Sets the count of launches in a row that found a crashed restore.
    public func setConsecutiveCrashedLaunches(_ count: Int) throws {
        try setCounter("consecutive_crashed_launches", to: count)
    }

    func counter(_ key: String) throws -> Int {
        guard hasRecoveryTables else { return 0 }
        return try database.fetchOne("SELECT value FROM store_meta WHERE key = ?", [.text(key)]) { $0.int(0) } ?? 0
    }

    func setCounter(_ key: String, to value: Int) throws {
        try database.writeTransaction {
            try database.execute("INSERT OR REPLACE INTO store_meta (key, value) VALUES (?, ?)", [.text(key), .int(value)])
        }
    }
}
