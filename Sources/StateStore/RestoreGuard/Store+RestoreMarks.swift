extension Store {
    /// Every restore started and not completed, oldest first. Empty on a schema without marks.
    package func restoreMarks() throws -> [RestoreMark] {
        guard hasRecoveryTables else { return [] }
        let kind = hasRecordKinds ? "kind" : kindBeforeKindsSQL
        return try database.fetchAll("SELECT account, scene, \(kind), started_at FROM restore_mark ORDER BY started_at, account, scene") { row in
            RestoreMark(account: row.string(0) ?? "", scene: row.string(1) ?? "", kind: row.string(2) ?? "", startedAt: row.double(3))
        }
    }

    /// Records that a restore of this screen is starting, committed before returning so that a
    /// crash of the app during the restore finds it (a power cut may cost it: see
    /// `Database.crashDurableWriteTransaction`).
    package func setRestoreMark(account: String, scene: String, kind: String) throws {
        try database.crashDurableWriteTransaction {
            try database.execute(
                "INSERT OR REPLACE INTO restore_mark (account, scene, kind, started_at) VALUES (?, ?, ?, ?)",
                [.text(account), .text(scene), .text(kind), .real(currentTime())]
            )
        }
    }

    /// Records that the restore of this screen completed.
    package func clearRestoreMark(account: String, scene: String, kind: String) throws {
        try database.writeTransaction {
            try database.execute(
                "DELETE FROM restore_mark WHERE account = ? AND scene = ? AND kind = ?",
                [.text(account), .text(scene), .text(kind)]
            )
        }
    }

    /// What a launch's crash check needs of the database, in one read: whether a release
    /// before the guard file left restore marks in the database, and the count of launches in
    /// a row that crashed.
    package func crashCheckState() throws -> (hasDatabaseMarks: Bool, crashedLaunches: Int) {
        guard hasRecoveryTables else { return (false, 0) }
        return try database.fetchOne(
            "SELECT EXISTS (SELECT 1 FROM restore_mark), (SELECT value FROM store_meta WHERE key = 'consecutive_crashed_launches')"
        ) { ($0.int(0) != 0, $0.isNull(1) ? 0 : $0.int(1)) } ?? (false, 0)
    }

    /// How many launches in a row found a restore that had crashed.
    package func consecutiveCrashedLaunches() throws -> Int {
        guard hasRecoveryTables else { return 0 }
        return try database.fetchOne("SELECT value FROM store_meta WHERE key = ?", [.text("consecutive_crashed_launches")]) { $0.int(0) } ?? 0
    }

    /// Sets the count of launches in a row that found a crashed restore.
    package func setConsecutiveCrashedLaunches(_ count: Int) throws {
        try database.writeTransaction {
            try database.execute("INSERT OR REPLACE INTO store_meta (key, value) VALUES (?, ?)", [.text("consecutive_crashed_launches"), .int(count)])
        }
    }
}
