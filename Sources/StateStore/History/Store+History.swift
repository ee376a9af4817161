import Foundation

extension Store {
    /// Whether `build` can be a stamp (1–256 characters, as the table's CHECK has it: SQLite's
    /// `length` counts code points, not the grapheme clusters of `String.count`, and stops at a
    /// NUL, so a build holding one is none): a longer, empty or NUL-holding one stamps nothing
    /// rather than fail the save.
    static func isStampable(_ build: String) -> Bool { (1...256).contains(build.unicodeScalars.count) && !build.utf8.contains(0) }

    /// The build that wrote the record of (account, scene, kind), or nil when it carries no
    /// stamp that counts (or there is no record, or the file has no stamps): a stamp counts
    /// while the record has the time it stamped, which an older build's save changes.
    package func recordBuild(account: String, scene: String, kind: String) throws -> String? {
        guard hasRecordHistory else { return nil }
        return try database.fetchOne(
            """
            SELECT b.build FROM record_build b JOIN scene_state s USING (account, scene, kind)
            WHERE b.account = ?1 AND b.scene = ?2 AND b.kind = ?3 AND b.updated_at = s.updated_at
            """,
            [.text(account), .text(scene), .text(kind)]
        ) { $0.string(0) } ?? nil
    }

    /// The history of (account, scene, kind), newest first; empty when it keeps none.
    package func recordHistory(account: String, scene: String, kind: String) throws -> [RecordHistoryEntry] {
        guard hasRecordHistory else { return [] }
        return try database.fetchAll(
            """
            SELECT id, version, min_reader_version, payload, updated_at, build, replaced_at FROM record_history
            WHERE account = ?1 AND scene = ?2 AND kind = ?3 ORDER BY id DESC
            """,
            [.text(account), .text(scene), .text(kind)]
        ) { row in
            RecordHistoryEntry(
                id: row.int64(0), version: row.int(1), minReaderVersion: row.isNull(2) ? nil : row.int(2),
                payload: row.data(3) ?? Data(), updatedAt: row.double(4), build: row.string(5), replacedAt: row.double(6))
        }
    }

    /// The (account, scene) of every record of `kind` stamped by `build`, in `account` or in
    /// every account, ordered by account and scene.
    package func recordsStamped(by build: String, kind: String, account: String?) throws -> [(account: String, scene: String)] {
        guard hasRecordHistory else { return [] }
        return try database.fetchAll(
            """
            SELECT b.account, b.scene FROM record_build b JOIN scene_state s USING (account, scene, kind)
            WHERE b.build = ?1 AND b.kind = ?2 AND (?3 IS NULL OR b.account = ?3) AND b.updated_at = s.updated_at
            ORDER BY b.account, b.scene
            """,
            [.text(build), .text(kind), .optionalText(account)]
        ) { (account: $0.string(0) ?? "", scene: $0.string(1) ?? "") }
    }

    // MARK: Writing, inside a record write's transaction

    /// Copies the record a write is about to replace into its history, with its stamp and
    /// `replacedAt`, under the same conditions as the upsert (so a refused write copies
    /// nothing); an unchanged payload is not copied. Returns whether a row was copied.
    @inline(never)
    func keepReplacedRecord(
        utf8 bytes: UnsafeBufferPointer<UInt8>?, account: String, scene: String, kind: String, replacedAt: Double, rules: WriteRules
    ) throws -> Bool {
        let keep = try database.cachedStatement(Self.keepReplacedRecordSQL)
        keep.clearBindings()
        defer { keep.reset() }
        try keep.bind(.text(account), at: 1)
        try keep.bind(.text(scene), at: 2)
        try keep.bind(.text(kind), at: 3)
        try keep.bind(.real(replacedAt), at: 4)
        try keep.bind(rules.keepingVersionsAbove.map(SQLiteValue.int) ?? .null, at: 5)
        try keep.bind(rules.keepingNewerEvenIfReadable ? .int(1) : .null, at: 6)
        try keep.bind(rules.onlyIfAbsent ? .int(1) : .null, at: 7)
        if let bytes { try keep.bind(borrowingText: bytes, at: 8) }
        if let lifetime = rules.recordLifetime { try keep.bind(.real(replacedAt - lifetime), at: 9) }
        _ = try keep.step()
        return database.changes > 0
    }

    /// Deletes the history of a record that expired before `expiredBefore`, when the write
    /// (under the same conditions as the upsert) is about to replace it: an expired record's
    /// history goes when the record does.
    @inline(never)
    func dropHistoryOfExpiredRecord(account: String, scene: String, kind: String, expiredBefore: Double, rules: WriteRules) throws {
        try database.execute(
            """
            DELETE FROM record_history WHERE account = ?1 AND scene = ?2 AND kind = ?3 AND EXISTS (
                SELECT 1 FROM scene_state s WHERE s.account = ?1 AND s.scene = ?2 AND s.kind = ?3 AND s.updated_at < ?4
                AND ?7 IS NULL AND (?5 IS NULL OR s.version <= ?5 OR (?6 IS NULL AND s.min_reader_version <= ?5)))
            """,
            [
                .text(account), .text(scene), .text(kind), .real(expiredBefore), rules.keepingVersionsAbove.map(SQLiteValue.int) ?? .null,
                rules.keepingNewerEvenIfReadable ? .int(1) : .null, rules.onlyIfAbsent ? .int(1) : .null,
            ])
    }

    /// The copy of a replaced record into its history; the conditions are the upsert's, ?8 the
    /// payload that replaces it (NULL: always copy), ?9 the time before which a record has
    /// expired (NULL: never), which is not copied.
    static let keepReplacedRecordSQL = """
        INSERT INTO record_history (account, scene, kind, version, min_reader_version, payload, updated_at, build, replaced_at)
        SELECT s.account, s.scene, s.kind, s.version, s.min_reader_version, s.payload, s.updated_at,
               (SELECT b.build FROM record_build b
                WHERE b.account = s.account AND b.scene = s.scene AND b.kind = s.kind AND b.updated_at = s.updated_at), ?4
        FROM scene_state s
        WHERE s.account = ?1 AND s.scene = ?2 AND s.kind = ?3 AND (?8 IS NULL OR s.payload IS NOT ?8) AND (?9 IS NULL OR s.updated_at >= ?9)
          AND ?7 IS NULL AND (?5 IS NULL OR s.version <= ?5 OR (?6 IS NULL AND s.min_reader_version <= ?5))
        """

    /// Stamps the record just written at `time` with `build`, replacing an earlier stamp.
    @inline(never)
    func stamp(_ build: String, account: String, scene: String, kind: String, at time: Double) throws {
        try database.execute(
            "INSERT OR REPLACE INTO record_build (account, scene, kind, build, updated_at) VALUES (?1, ?2, ?3, ?4, ?5)",
            [.text(account), .text(scene), .text(kind), .text(build), .real(time)])
    }

    /// Deletes the history entries of (account, scene, kind) beyond the newest `depth`.
    @inline(never)
    func trimHistory(account: String, scene: String, kind: String, keeping depth: Int) throws {
        try database.execute(
            """
            DELETE FROM record_history WHERE account = ?1 AND scene = ?2 AND kind = ?3 AND id <= (
                SELECT id FROM record_history WHERE account = ?1 AND scene = ?2 AND kind = ?3 ORDER BY id DESC LIMIT 1 OFFSET ?4)
            """,
            [.text(account), .text(scene), .text(kind), .int(depth)])
    }
}

extension Store {
    /// The id of the newest history entry of (account, scene, kind) not written by `build`
    /// (an entry without a stamp counts as another build's), or nil.
    package func newestHistoryEntry(account: String, scene: String, kind: String, notWrittenBy build: String) throws -> Int64? {
        guard hasRecordHistory else { return nil }
        return try database.fetchOne(
            "SELECT id FROM record_history WHERE account = ?1 AND scene = ?2 AND kind = ?3 AND build IS NOT ?4 ORDER BY id DESC LIMIT 1",
            [.text(account), .text(scene), .text(kind), .text(build)]
        ) { $0.int64(0) }
    }
}
