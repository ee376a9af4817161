import Foundation
import JSON
import MigrationHeader
import StateStore

extension StateRestorer {
    /// Sets how this restorer sends and lands state across the person's devices: the slot
    /// key, the device and build it writes as, the portable budget, and the key-value store it
    /// syncs slots through (observed from now on). Call it once, before the first portable
    /// call.
    public func configurePortable(_ configuration: PortableConfiguration) {
        let store = configuration.store
        let clock = store.map { Self.highestLogicalVersion(in: $0) } ?? 0
        portableSide.withLock { side in
            side.configuration = configuration
            side.hash = KeyedHash(key: configuration.slotKey)
            side.witness(clock)
        }
        store?.observeChanges { [weak self] keys, isQuotaViolation in self?.storeChanged(keys, isQuotaViolation: isQuotaViolation) }
    }

    /// The portable record of `key`'s screen of kind `type`: its current state (a live
    /// screen's pending save is written first, so it is what the screen shows), as the record
    /// this build stores, with its format, the build and device that send it and a logical
    /// version one above any this restorer sent or landed. Hand the bytes to the other device
    /// (a Handoff activity's `userInfo`) and land them there with
    /// ``restore(_:_:fromPortable:against:)``.
    ///
    /// - Throws: ``RestoreError/portableOverBudget(scene:kind:_:)`` when the record is over
    ///   ``PortableConfiguration/byteBudget``, naming its largest fields;
    ///   ``RestoreError/portableUnavailable(_:)`` before ``configurePortable(_:)``, or when the
    ///   screen has no stored state this build can read, or its stored record's restore crashed
    ///   a launch (the crash-loop guard skips it); what ``flush(isolation:)`` throws when
    ///   the screen's own pending save could not be written (suspended, or the storage refused
    ///   it), since the stored record is then not what the screen shows.
    public func portable<State: RestorableState>(_ type: State.Type, for key: SceneKey, isolation: isolated (any Actor)? = #isolation) throws -> Data {
        try flushPending(of: ScreenKey(scene: key, kind: State.kind), isolation: isolation)
        return Data(try portableRecord(State.self, for: key).encoded().utf8)
    }

    /// Writes what is pending, so that `screen`'s stored record is what it shows; throws the
    /// flush's error only while `screen` itself still has a save waiting. Other scenes' saves
    /// the flush could not write are theirs to report: they stay pending.
    func flushPending(of screen: ScreenKey, isolation: isolated (any Actor)?) throws {
        do {
            _ = try flush(isolation: isolation)
        } catch {
            if persistence.writer.hasPendingSave(of: screen) { throw error }
        }
    }

    /// The portable record of `key`'s stored state, its logical version taken from the clock.
    func portableRecord<State: RestorableState>(_ type: State.Type, for key: SceneKey) throws -> PortableRecord {
        _ = try portableConfiguration()
        return try portableRecord(State.self, of: try storedRecordText(State.self, for: key), for: key)
    }

    /// The configuration, or why there is none.
    private func portableConfiguration() throws -> PortableConfiguration {
        guard let configuration = portableSide.withLock({ $0.configuration }) else {
            throw RestoreError.portableUnavailable("configurePortable(_:) was not called: a portable record needs the device and build it comes from")
        }
        return configuration
    }

    /// The portable record of `text`, `key`'s record, its logical version one above the clock
    /// and `floor`.
    func portableRecord<State: RestorableState>(_ type: State.Type, of text: String, for key: SceneKey, atLeast floor: Int = 0) throws -> PortableRecord {
        let configuration = try portableConfiguration()
        let object = try RecordHeader.parseObject(text.utf8)
        let header = try RecordHeader(of: object)
        var record = PortableRecord(
            kind: State.kind, record: object, header: header, appBuild: configuration.appBuild, deviceID: configuration.deviceID, logicalVersion: 0)
        // The clock moves on even for a record refused: a logical version skipped orders nothing.
        record.logicalVersion = portableSide.withLock { side in
            side.witness(floor)
            return side.tick()
        }
        try record.checkBudget(configuration.byteBudget, for: key)
        return record
    }

    /// `key`'s stored record as this build writes it (decoded and encoded again, its unknown
    /// fields carried), or as stored when it is a newer release's record this build keeps.
    func storedRecordText<State: RestorableState>(_ type: State.Type, for key: SceneKey) throws -> String {
        try refuseCrashedRestore(of: ScreenKey(scene: key, kind: State.kind))
        let stored = try withStore { store, report throws -> StoredRecord? in
            guard let store else { throw RestoreError.portableUnavailable("the database cannot be read: \(report.last?.detail ?? "it is closed")") }
            return try store.record(account: key.account, scene: key.scene, kind: State.kind)
        }
        guard let stored else { throw RestoreError.portableUnavailable("\(key) has no saved \(State.kind) state to send") }
        // Read as a launch reads it, its age included: an expired record is no state to send.
        let reading = RecordReading<State>(
            stored.payload, savedAt: stored.updatedAt, readerOf: State.currentVersion, lifetime: State.declaredLifetime.map(\.inSeconds),
            now: configuration.clock(), decode: RecordCodec<State>.decode)
        switch reading {
        case .decoded(let state, _, let carried): return try RecordCodec<State>.encode(state, carrying: carried)
        case .unsupported, .newerUnreadable: return String(decoding: stored.payload, as: UTF8.self)
        case .unreadable(let error):
            throw RestoreError.portableUnavailable("\(key)'s stored \(State.kind) record cannot be read (\(error.localizedDescription)); nothing was sent")
        case .oversized(let bytes):
            throw RestoreError.portableUnavailable("\(key)'s stored \(State.kind) record is \(bytes) bytes, over the store's limit; nothing was sent")
        case .expired:
            throw RestoreError.portableUnavailable("\(key)'s stored \(State.kind) record has expired; nothing was sent")
        }
    }

    /// Throws ``RestoreError/portableUnavailable(_:)`` when `screen`'s restore crashed a launch
    /// (the crash-loop guard skips its record): a record that crashed this device is not sent
    /// to another, whose landing guards nothing.
    func refuseCrashedRestore(of screen: ScreenKey) throws {
        guard let skipped = crashLoopVerdict(on: screen) else { return }
        throw RestoreError.portableUnavailable(
            "\(screen.scene)'s stored \(screen.kind) record is not sent: \(skipped.first?.detail ?? "its restore crashed a launch")")
    }

    /// Lands another device's portable record of `key`'s screen: the state under exactly the
    /// rules of a launch (an older format upgraded, defaults filled, a newer one read through its
    /// `minReaderVersion` with its unknown fields kept for the next save). Never throws and
    /// never traps: a truncated, damaged, foreign or unsupported payload gives the default state
    /// with a report code of its own (`portable-damaged`, `portable-foreign`,
    /// `portable-unsupported`), and a signed-out account's record does not land
    /// (`portable-signed-out`).
    ///
    /// A landing counts as a restore for the write gate (it captures the account's sign-out
    /// generation and the file's discard epoch, so saves after a sign-out are fenced) and not
    /// for the crash-loop guard (no local record was applied). Persisting the restoration saves
    /// through the gate: a local record of a newer format is never replaced unless a hand save
    /// says `replacingNewer`.
    public func restore<State: RestorableState>(_ type: State.Type, _ key: SceneKey, fromPortable bytes: Data) -> Restoration<State> {
        let start = ContinuousClock.now
        return restoration(of: land(State.self, key, bytes).loaded, key, since: start)
    }

    /// Lands another device's portable record of `key`'s screen (see
    /// ``restore(_:_:fromPortable:)``), then reconciles it against this device's `context` and
    /// reports each adjustment, as a launch does. A destination the app was opened at goes in
    /// the context: the kind's reconciliation applies it over the landed state
    /// (`destination-applied`), so a deep link is never undone by a path from another device.
    public func restore<State: Reconcilable>(
        _ type: State.Type, _ key: SceneKey, fromPortable bytes: Data, against context: State.Context
    ) -> Restoration<State> {
        let start = ContinuousClock.now
        return restoration(of: land(State.self, key, bytes).loaded, key, against: context, since: start)
    }

    /// Lands `bytes` for `key`: the loaded state and report, and the record when it landed.
    func land<State: RestorableState>(_ type: State.Type, _ key: SceneKey, _ bytes: some Collection<UInt8>) -> (loaded: Loaded<State>, record: PortableRecord?) {
        let screen = ScreenKey(scene: key, kind: State.kind)
        let refusing = { (report: [RestoreReportEntry]) -> (loaded: Loaded<State>, record: PortableRecord?) in
            var sighting = self.restoring.withLock { $0.gate.sighting(of: screen) } ?? WriteGate.Sighting()
            sighting.carried = JSONObject()
            return (Loaded<State>(state: State.defaultValue, report: report, sighting: sighting), nil)
        }
        let refusal = { (code: RestoreCode, detail: String) in refusing([PortableRecord.refusal(code, detail)]) }
        if SignedOutAccounts.fence(for: key.account, at: file) != nil {
            return refusal(.portableSignedOut, "account \(StoreNames.quoted(key.account)) signed out on this device")
        }
        let record: PortableRecord
        do throws(PortableRecord.Failure) {
            record = try PortableRecord.parse(bytes)
        } catch {
            return refusal(error.code, error.reason)
        }
        guard record.kind == State.kind else {
            return refusal(.portableForeign, "the portable record is of kind \(record.kind), not \(State.kind)")
        }
        portableSide.withLock { $0.witness(record.logicalVersion) }
        let landed = record.landedEntry
        let text = record.recordText
        let bytesRead = text.utf8.count
        let reading = RecordReading<State>(landing: Data(text.utf8))
        switch reading {
        case .unreadable(let error):
            return refusing([PortableRecord.undecodable(kind: State.kind, because: error.localizedDescription)])
        case .oversized(let bytes):
            return refusal(.portableDamaged, "the portable record's \(State.kind) record is \(bytes) bytes, over the store's record limit")
        case .expired:  // an arriving record has no age
            return refusal(.portableDamaged, "the portable record's \(State.kind) record could not be dated")
        case .unsupported, .newerUnreadable:
            let entry = reading.entries(readerOf: State.currentVersion, state: State.kind, disposition: .leftByTool)[0]
            var loaded = refusing([entry, record.unsupportedEntry]).loaded
            loaded.bytesRead = bytesRead
            return (loaded, nil)
        case .decoded(let state, let provenance, let carried):
            let entries = Self.entries(for: provenance, currentVersion: State.currentVersion)
            var loaded = restoring.withLock { side in
                reopenIfUnavailable(&side)
                defer { Self.releaseReadOnlyConnection(&side) }
                let store = side.isClosed || side.isSuspended ? nil : side.store
                let fence = firstFence(in: store, account: key.account)
                let sighting = WriteGate.Sighting(
                    generation: fence.generation, discardEpoch: fence.discardEpoch, isUnseen: fence.generation == nil, carried: carried)
                // A restore for the gate: its saves follow this sighting and carry the landed
                // record's unknown fields. No crash-loop mark: nothing local was applied.
                side.gate.noteRestore(of: screen, sighting)
                side.restoredScreens.insert(screen)
                return Loaded<State>(state: state, report: side.databaseReport + [landed] + entries, sighting: sighting, bytesRead: bytesRead)
            }
            if let invalid = Self.invalidNames(State.self) {
                loaded.report.insert(invalid, at: 0)
                loaded.invalidKind = invalid
            }
            return (loaded, record)
        }
    }

    /// The highest logical version among the engine's records in `store`.
    static func highestLogicalVersion(in store: any PortableKeyValueStore) -> Int {
        var highest = 0
        for key in store.keys where key.hasPrefix(PortableSlot.storeKeyPrefix) {
            if let value = store.value(forKey: key), let record = try? PortableRecord.parse(value) { highest = max(highest, record.logicalVersion) }
        }
        return highest
    }
}
