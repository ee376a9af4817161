import Foundation

extension Store {
    /// Writes one record or snapshot under the write gate's `rules`, applied inside the
    /// write transaction (its own unless one is open): the one function every such write ends
    /// in (a save, a persisted save, a rollback, a quarantine restore, a snapshot save, the
    /// tool's). Returns the new snapshot's id for a snapshot, nil otherwise.
    ///
    /// With `fencedAt`, a write after a purge that advanced the account's generation is refused
    /// (`StoreError.accountSignedOut`), and with `discardFencedAt` one of a scene discarded
    /// since (`StoreError.sceneDiscarded`). For a record, with `keepingVersionsAbove: N` an
    /// existing record whose version is above N is kept (`StoreError.newerRecordKept`) unless it
    /// declared a `minReaderVersion` at or below N, and with `keepingNewerEvenIfReadable` even
    /// then; with `onlyIfAbsent` any existing record is kept (`StoreError.existingRecordKept`).
    /// For a snapshot, `keepingVersionsAbove` is the newest format counted towards the
    /// snapshots kept (the snapshot's own when nil).
    @discardableResult
    package func write(_ write: StoreWrite, rules: WriteRules) throws -> Int64? {
        switch write {
        case .record(let account, let scene, let kind, let version, let minReaderVersion, let payload, let time):
            try Self.refuseOversized(payload.count)
            if let checked = checkedRecordNames, checked.account.hasSameBytes(as: account), checked.scene.hasSameBytes(as: scene),
                checked.kind == kind
            {
                // The same names as the last write's, byte for byte: checked then. (As Strings,
                // a name's other spelling compares equal, and its bytes, of another length,
                // went unchecked against the limit.)
            } else {
                try checkRecordNames(account: account, scene: scene, kind: kind)
            }
            try writeRecord(
                utf8: payload, version: version, minReaderVersion: minReaderVersion, account: account, scene: scene, kind: kind,
                at: time ?? currentTime(), rules: rules, isPutBack: false)
            return nil
        case .historyEntry(let id, let account, let scene, let kind, let time):
            try putBackHistoryEntry(id: id, account: account, scene: scene, kind: kind, at: time ?? currentTime(), rules: rules)
            return nil
        case .quarantinedRecord(let id, let minReaderVersion):
            try restoreQuarantinedRecord(id: id, minReaderVersion: minReaderVersion, rules: rules)
            return nil
        case .snapshot(let account, let collection, let version, let minReaderVersion, let payload, let rowCount, let fetchedAt, let keeping):
            return try writeSnapshot(
                utf8: payload, version: version, minReaderVersion: minReaderVersion, account: account, collection: collection, rowCount: rowCount,
                fetchedAt: fetchedAt, keeping: keeping, rules: rules)
        }
    }

    /// Validates a record's names and keeps them as the last checked, for the next write with
    /// the same ones. Out of line, like every path a save takes only when its names change or
    /// it is refused, and the history's writes: inlined, their code sat among the save's own,
    /// whose run then spanned more lines of the instruction cache, which a save finds cold.
    @inline(never)
    private func checkRecordNames(account: String, scene: String, kind: String) throws {
        _ = try StoreNames.validated(account, role: "account")
        _ = try StoreNames.validated(scene, role: "scene")
        _ = try StoreNames.validatedKind(kind)
        checkedRecordNames = (account, scene, kind)
    }

    /// Throws why an upsert changed no row: the rules kept the record there.
    @inline(never)
    private func refuseKeptRecord(account: String, scene: String, kind: String, rules: WriteRules) throws -> Never {
        if rules.onlyIfAbsent { throw StoreError.existingRecordKept(account: account, scene: scene, kind: kind) }
        let kept = try record(account: account, scene: scene, kind: kind)?.version ?? 0
        throw StoreError.newerRecordKept(account: account, scene: scene, kind: kind, version: kept)
    }

    /// Writes one record's bytes under `rules`, in its own transaction unless one is open: the
    /// one record upsert. Names and size are the caller's to check. `isPutBack`: the bytes are a
    /// history entry's (a rollback, inside its transaction, which finishes the entry's
    /// bookkeeping): the replaced record always goes into the history, which is not trimmed.
    /// Throws ``StoreError/recordTooLarge(bytes:limit:)`` for a record of `byteCount` bytes over
    /// ``maximumRecordBytes``: every record written (saved, put back from the history or the
    /// quarantine) is checked first, before its names.
    private static func refuseOversized(_ byteCount: Int) throws(StoreError) {
        guard byteCount <= maximumRecordBytes else { throw .recordTooLarge(bytes: byteCount, limit: maximumRecordBytes) }
    }

    private func writeRecord(
        utf8 bytes: UnsafeBufferPointer<UInt8>, version: Int, minReaderVersion: Int?,
        account: String, scene: String, kind: String, at time: Double, rules: WriteRules, isPutBack: Bool
    ) throws {
        let upsert = try database.statement(.upsertRecord)
        // One value at a time (the array `bind(_:)` takes was a heap allocation per save),
        // the payload in place: SQLite reads it where the caller holds it, and the reset
        // that ends the write unbinds it before it goes away. Every parameter is bound below
        // (the key kept as the last save bound it when it repeats), and every use of the
        // statement ends in that reset, so none is cleared first.
        defer { upsert.reset() }
        // The key as the last save bound it stays bound (a screen's saves repeat it).
        try upsert.bindUnlessBound(account, at: 1)
        try upsert.bindUnlessBound(scene, at: 2)
        try upsert.bindUnlessBound(kind, at: 3)
        try upsert.bind(.int(version), at: 4)
        try upsert.bind(minReaderVersion.map(SQLiteValue.int) ?? .null, at: 5)
        try upsert.bind(borrowingText: bytes, at: 6)
        try upsert.bind(.real(time), at: 7)
        try upsert.bind(rules.keepingVersionsAbove.map(SQLiteValue.int) ?? .null, at: 8)
        try upsert.bind(rules.keepingNewerEvenIfReadable ? .int(1) : .null, at: 9)
        try upsert.bind(rules.onlyIfAbsent ? .int(1) : .null, at: 10)
        let isOwnTransaction = !database.isInTransaction
        // A kind without history and a configuration without a build cost no statement more.
        let keepsHistory = (rules.historyDepth > 0 || isPutBack) && hasRecordHistory
        let build = hasRecordHistory ? stampedBuild : nil
        // `dataVersion`: the file's under the write lock, which no statement of the transaction
        // changes (only its commit does): the fences' cache is checked against it, and no
        // version is read around the upsert.
        // One copy of the write, out of line: both branches below inlined one each, which made
        // a save's code span twice the instruction cache lines it runs.
        @inline(never) func write(_ dataVersion: UInt32) throws {
            defer { upsert.reset() }
            try self.checkFence(rules, account: account, scene: scene, atDataVersion: dataVersion)
            // A rollback keeps the record it replaces whatever it holds, so it can be undone.
            let kept =
                try keepsHistory
                && self.keepReplacedRecord(utf8: isPutBack ? nil : bytes, account: account, scene: scene, kind: kind, replacedAt: time, rules: rules)
            if keepsHistory, !kept, let lifetime = rules.recordLifetime {
                try self.dropHistoryOfExpiredRecord(account: account, scene: scene, kind: kind, expiredBefore: time - lifetime, rules: rules)
            }
            try upsert.step()
            if self.database.changes == 0 { try self.refuseKeptRecord(account: account, scene: scene, kind: kind, rules: rules) }
            if isPutBack { return }  // the entry's own stamp and history, its caller's
            if let build { try self.stamp(build, account: account, scene: scene, kind: kind, at: time) }
            if kept { try self.trimHistory(account: account, scene: scene, kind: kind, keeping: rules.historyDepth) }
        }
        // `write` is a local function, not a closure: one that captured it cost every save a
        // heap box. Inside a caller's transaction no savepoint is needed: a refused upsert
        // changed nothing, and a failing statement undoes only itself.
        if !isOwnTransaction {
            try write(database.dataVersion())
        } else {
            let versions = try database.writeTransactionReadingDataVersions(write)
            // The commit was this store's own: the generations it read before still hold.
            keepFenceCache(acrossCommitFrom: versions.began, to: versions.committed)
        }
    }

    /// Puts history entry `id` of (account, scene, kind) back as its record (see
    /// ``StoreWrite/historyEntry(id:account:scene:kind:at:)``), in one transaction (the caller's
    /// when one is open).
    @inline(never)
    private func putBackHistoryEntry(id: Int64, account: String, scene: String, kind: String, at time: Double, rules: WriteRules) throws {
        guard hasRecordHistory else { throw StoreError.historyEntryNotFound(id: id) }
        try inWriteTransaction {
            try checkFence(rules, account: account, scene: scene)
            let entry = try database.fetchOne(
                "SELECT version, min_reader_version, payload, build FROM record_history WHERE id = ?1 AND account = ?2 AND scene = ?3 AND kind = ?4",
                [.integer(id), .text(account), .text(scene), .text(kind)]
            ) { row in (version: row.int(0), minReaderVersion: row.isNull(1) ? nil : row.int(1), payload: row.data(2) ?? Data(), build: row.string(3)) }
            guard let entry else { throw StoreError.historyEntryNotFound(id: id) }
            // Another program's, kept when it was replaced: put back, the next launch's read would
            // quarantine it.
            try Self.refuseOversized(entry.payload.count)
            try entry.payload.withUnsafeBytes { raw in
                try writeRecord(
                    utf8: raw.bindMemory(to: UInt8.self), version: entry.version, minReaderVersion: entry.minReaderVersion, account: account, scene: scene,
                    kind: kind, at: time, rules: rules, isPutBack: true)
            }
            // The entry's stamp goes back with it, at the record's new time (or none), and the
            // history keeps as many entries as before.
            if let build = entry.build {
                try stamp(build, account: account, scene: scene, kind: kind, at: time)
            } else {
                try database.execute("DELETE FROM record_build WHERE account = ?1 AND scene = ?2 AND kind = ?3", [.text(account), .text(scene), .text(kind)])
            }
            try database.execute("DELETE FROM record_history WHERE id = ?1", [.integer(id)])
        }
    }

    /// Moves quarantined record `id` back to its screen under `rules` (see
    /// ``StoreWrite/quarantinedRecord(id:minReaderVersion:)``), in one transaction.
    @inline(never)
    private func restoreQuarantinedRecord(id: Int64, minReaderVersion: Int?, rules: WriteRules) throws {
        try inWriteTransaction {
            guard let entry = try quarantinedRecords().first(where: { $0.id == id }) else {
                throw StoreError.quarantineEntryNotFound(id: id)
            }
            // Written by another program or an older build: it stays in the quarantine. Put back,
            // the next launch's read moved it there again.
            try Self.refuseOversized(entry.payload.count)
            do {
                try entry.payload.withUnsafeBytes { raw in
                    try writeRecord(
                        utf8: raw.bindMemory(to: UInt8.self), version: entry.version ?? 1, minReaderVersion: minReaderVersion,
                        account: entry.account, scene: entry.scene, kind: entry.kind, at: entry.updatedAt ?? currentTime(), rules: rules, isPutBack: false
                    )
                }
            } catch StoreError.existingRecordKept, StoreError.newerRecordKept {
                throw StoreError.quarantineTargetOccupied(id: id, account: entry.account, scene: entry.scene, kind: entry.kind)
            }
            try database.execute("DELETE FROM quarantine WHERE id = ?", [.integer(id)])
        }
    }

    /// Saves a snapshot and prunes that collection's older snapshots, in one transaction (see
    /// ``StoreWrite/snapshot(account:collection:version:minReaderVersion:payload:rowCount:fetchedAt:keeping:)``).
    @inline(never)
    private func writeSnapshot(
        utf8 payload: UnsafeBufferPointer<UInt8>, version: Int, minReaderVersion: Int?, account: String, collection shelf: String,
        rowCount: Int, fetchedAt: Double, keeping: Int, rules: WriteRules
    ) throws -> Int64 {
        let account = try StoreNames.validated(account, role: "account")
        let shelf = try StoreNames.validated(shelf, role: "shelf")
        let readable = rules.keepingVersionsAbove ?? version
        return try database.withPageCache(passingValueOf: payload.count) {
            try database.writeTransaction {
                try checkFence(rules, account: account, scene: nil)
                let insert = try database.cachedStatement(
                    """
                    INSERT INTO shelf_snapshot (account, shelf, version, min_reader_version, payload, row_count, fetched_at, saved_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    """
                )
                try insert.bind(
                    [
                        .text(account), .text(shelf), .int(version), minReaderVersion.map(SQLiteValue.int) ?? .null,
                        .null, .int(rowCount), .real(fetchedAt), .real(currentTime()),
                    ],
                    borrowingText: payload, at: 5
                )
                defer { insert.reset() }
                try insert.step()
                let id = try database.fetchOne("SELECT last_insert_rowid()") { $0.int64(0) } ?? 0
                try database.execute(
                    """
                    DELETE FROM shelf_snapshot WHERE id IN (
                        SELECT id FROM shelf_snapshot
                        WHERE account = ?1 AND shelf = ?2 AND unreadable_error IS NULL
                          AND (version <= ?3 OR min_reader_version <= ?3)
                        ORDER BY id DESC LIMIT -1 OFFSET ?4)
                    """,
                    [.text(account), .text(shelf), .int(readable), .int(max(keeping, 1))]
                )
                return id
            }
        }
    }

    /// Runs `write` in its own write transaction, or in the caller's when one is open.
    private func inWriteTransaction(_ write: () throws -> Void) throws {
        if database.isInTransaction {
            try write()
        } else {
            try database.writeTransaction(write)
        }
    }
}
