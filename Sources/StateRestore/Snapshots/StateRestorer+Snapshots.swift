import StateStore

extension StateRestorer {
    /// Restores the newest snapshot named `name` (of `account`) that this build reads (a newer
    /// or undecodable one is kept, and an older one tried), with the report; nil when none is.
    /// Whether the restore read the file is noted for the saves that follow it.
    package func restoreSnapshot<Format: SnapshotFormat>(
        _ format: Format.Type, named name: String, account: String
    ) -> (snapshot: Format.Snapshot?, report: [RestoreReportEntry]) {
        // The account's sign-out generation is read before the snapshots, on the same
        // connection: a sign-out in between then fences this screen's saves (they carry the
        // generation from before it). Read after them, in a transaction of its own, a sign-out
        // in between gave the screen the new generation with the signed-out account's
        // snapshot, and its next save wrote the account back.
        let (restored, stored) = withStore { store, report in
            let generation = try? store?.accountGeneration(account)
            return (Self.restoreSnapshot(Format.self, named: name, account: account, from: store, report: report), generation)
        }
        let sawFile = !restored.report.contains { RestoreCode.fileNotRead.contains($0.code) }
        let screen = Self.snapshotScreen(Format.self, named: name, account: account)
        restoring.withLock { side in
            let generation = sawFile ? stored : nil
            side.gate.noteRestore(of: screen, WriteGate.Sighting(generation: generation, discardEpoch: nil, isUnseen: !sawFile))
            if generation != nil { SignedOutAccounts.forget(account, atFile: file.key) }
        }
        return restored
    }

    /// Runs `body` with the launch connection's store (nil when the database may not be read)
    /// and what opening it found: the restore of a kind's snapshots uses it. The connection
    /// is lent, never handed out: `body` runs under the restore side's lock, so no other thread
    /// uses it meanwhile, and nothing it returns may hold it (`sending`). A closed or
    /// suspended restorer reads nothing, and the report says why, as a record's restore does:
    /// an empty report with nothing restored read as "nothing stored", and the snapshots'
    /// restore counted as one that saw the file (model sequence
    /// Fixtures/sequences/shelf-restore-after-close-says-why.txt).
    package func withStore<T>(_ body: sending (Store?, [RestoreReportEntry]) throws -> sending T) rethrows -> sending T {
        try restoring.withLock { side in
            if side.isClosed {
                return try body(nil, [RestoreReportEntry(.databaseUnavailable, "the restorer was closed (close()); nothing is read again")])
            }
            if side.isSuspended {
                return try body(nil, [RestoreReportEntry(.restorerSuspended, "the app is suspended (its connections are closed until resume()); nothing was read")])
            }
            reopenIfUnavailable(&side)
            defer { Self.releaseReadOnlyConnection(&side) }
            return try body(side.store, side.databaseReport)
        }
    }

    private static func restoreSnapshot<Format: SnapshotFormat>(
        _ format: Format.Type, named name: String, account: String, from store: Store?, report databaseReport: [RestoreReportEntry]
    ) -> (snapshot: Format.Snapshot?, report: [RestoreReportEntry]) {
        var report = databaseReport
        guard let store else { return (nil, report) }
        do {
            var restored: (Format.Snapshot, RecordProvenance)?
            var unreadable: [(id: Int64, error: String)] = []
            try store.forEachSnapshot(account: account, collection: name) { stored, payload in
                switch Format.decode(stored: payload) {
                case .decoded(let snapshot, let provenance, _):
                    restored = (snapshot, provenance)
                    return false
                case .newer(let version, _):
                    report.append(
                        RestoreReportEntry(
                            .unsupportedVersion,
                            "\(Format.kind) snapshot \(stored.id) has format \(version), newer than this build reads (\(Format.currentVersion)); it was kept for the release that wrote it and an older snapshot was tried"
                        ))
                    return true
                case .unreadable(let error) where stored.version > Format.currentVersion:
                    // A newer release's snapshot this build could not read through its
                    // minReaderVersion: kept as it is for that release, never marked, as a
                    // record of a newer format is (`record-newer-unreadable`).
                    report.append(
                        RestoreReportEntry(
                            .recordNewerUnreadable,
                            "\(Format.kind) snapshot \(stored.id) has format \(stored.version), newer than this build (\(Format.currentVersion)), and could not be read through its minReaderVersion (\(error.localizedDescription)); it was kept for the release that wrote it and an older snapshot was tried"
                        ))
                    return true
                case .unreadable(let error):
                    if stored.unreadableError == nil { unreadable.append((stored.id, error.localizedDescription)) }
                    report.append(
                        RestoreReportEntry(
                            .recordUnreadable,
                            "\(Format.kind) snapshot \(stored.id) could not be decoded (\(error.localizedDescription)); it was kept and an older snapshot was tried"))
                    return true
                }
            }
            // A connection that only reads never attempts the mark (it would be refused, and
            // a `try?` would hide that); the next launch that can write marks them.
            for entry in unreadable where !store.isReadOnly {
                try? store.markSnapshotUnreadable(id: entry.id, error: entry.error)
            }
            if let (snapshot, provenance) = restored {
                return (snapshot, report + entries(for: provenance, currentVersion: Format.currentVersion))
            }
            report.append(RestoreReportEntry(.noRecord, "\(Format.kind) \(StoreNames.quoted(name)) has no readable snapshot; it starts empty"))
        } catch {
            report.append(RestoreReportEntry(.databaseUnavailable, "the \(Format.kind) snapshots could not be read: \(error.localizedDescription)"))
        }
        return (nil, report)
    }

    /// Saves `snapshot` under `name` (of `account`), keeping the last `Format.kept` this build
    /// reads, under the write gate's rules (``sightingForSave(of:_:)``). After a restore that
    /// could not read the file, and until one reads it, with what of the newest stored one it
    /// must not hide (`Format.keeping(_:in:)`): nothing typed is hidden by a launch that never saw it.
    package func saveSnapshot<Format: SnapshotFormat>(_ snapshot: Format.Snapshot, as format: Format.Type, named name: String, account: String) throws {
        let screen = Self.snapshotScreen(Format.self, named: name, account: account)
        let (sighting, isUnseen) = restoring.withLock { side in (sightingForSave(of: screen, &side), side.gate.sighting(of: screen)?.isUnseen ?? false) }
        try recoveringFromDamage { store in
            var snapshot = snapshot
            if isUnseen, let stored = try Self.newestReadableSnapshot(Format.self, named: name, account: account, in: store) {
                snapshot = Format.keeping(stored, in: snapshot)
            }
            let encoded = try Format.encoded(snapshot)
            try encoded.bytes.withUnsafeBufferPointer { bytes in
                try Self.writeSnapshot(
                    bytes, version: Format.currentVersion, minReaderVersion: nil, rowCount: encoded.rowCount, fetchedAt: encoded.fetchedAt,
                    as: Format.self, named: name, account: account, after: sighting, in: store)
            }
        }
    }

    /// The newest stored snapshot named `name` that this build reads.
    private static func newestReadableSnapshot<Format: SnapshotFormat>(
        _ format: Format.Type, named name: String, account: String, in store: Store
    ) throws -> Format.Snapshot? {
        var found: Format.Snapshot?
        try store.forEachSnapshot(account: account, collection: name) { _, payload in
            guard case .decoded(let snapshot, _, _) = Format.decode(stored: payload) else { return true }
            found = snapshot
            return false
        }
        return found
    }

    /// The key under which the write gate notes what the last restore of the snapshots named
    /// `name` saw. Its scene holds control characters, which no new scene's name may: a discard
    /// or prune of a scene does not forget it.
    static func snapshotScreen<Format: SnapshotFormat>(_ format: Format.Type, named name: String, account: String) -> ScreenKey {
        ScreenKey(scene: SceneKey(unchecked: "\u{0}\(Format.kind)\u{0}\(name)", account: account), kind: Format.kind)
    }

    /// Writes a snapshot's payload as given (a newer format's too), keeping the last
    /// `Format.kept` this build reads, under the write gate's rules for a save after
    /// `sighting`: the one write of a snapshot, an app's save and the tool's (nil: no restore
    /// came before it, so no fence) alike. A snapshot without a `fetchedAt` is filed under now.
    package static func writeSnapshot<Format: SnapshotFormat>(
        _ payload: UnsafeBufferPointer<UInt8>, version: Int, minReaderVersion: Int?, rowCount: Int, fetchedAt: Double?,
        as format: Format.Type, named name: String, account: String, after sighting: WriteGate.Sighting?, in store: Store
    ) throws {
        _ = try store.write(
            .snapshot(
                account: account, collection: name, version: version, minReaderVersion: minReaderVersion, payload: payload,
                rowCount: rowCount, fetchedAt: fetchedAt ?? store.currentTime(), keeping: Format.kept),
            rules: WriteGate.snapshotRules(after: sighting, readableUpTo: Format.currentVersion))
    }
}
