import Foundation
import JSON
import StateStore

extension StateRestorer {
    /// Publishes `key`'s current state of kind `type` to `slot` in the configured key-value
    /// store, as a portable record one logical version above any this device knows for it, so
    /// the person's other devices land it (``restore(_:_:fromSlot:against:)``).
    ///
    /// Nothing is written when the state equals what the last landing from the slot produced
    /// (after reconciliation), or what the slot already holds: two devices cannot overwrite each
    /// other in a loop. A slot beyond ``PortableConfiguration/keyShare`` evicts the engine's
    /// least recently published slot (the lowest logical version).
    ///
    /// - Returns: whether a record was written.
    /// - Throws: what ``portable(_:for:isolation:)`` throws, and
    ///   ``RestoreError/portableUnavailable(_:)`` when no store is configured.
    @discardableResult
    public func publish<State: RestorableState>(
        _ type: State.Type, for key: SceneKey, to slot: PortableSlot, isolation: isolated (any Actor)? = #isolation
    ) throws -> Bool {
        try flushPending(of: ScreenKey(scene: key, kind: State.kind), isolation: isolation)
        let (store, storeKey) = try slotAddress(State.self, slot)
        let current = store.value(forKey: storeKey).flatMap { try? PortableRecord.parse($0) }
        let (known, landed) = portableSide.withLock { ($0.winners[storeKey], $0.landedText[storeKey]) }
        let floor = max(current?.logicalVersion ?? 0, known?.logicalVersion ?? 0)
        let text = try storedRecordText(State.self, for: key)
        if text == landed || text == current?.recordText && current?.deviceID == portableSide.withLock({ $0.configuration?.deviceID }) { return false }
        let record = try portableRecord(State.self, of: text, for: key, atLeast: floor)
        evictForPublishing(storeKey, in: store)
        store.set(Data(record.encoded().utf8), forKey: storeKey)
        portableSide.withLock { $0.winners[storeKey] = record }
        return true
    }

    /// Lands the winning portable record of `slot` (see ``restore(_:_:fromPortable:)``): the
    /// store's record, or the one this device knows when it beats it (the higher logical
    /// version, then the greater device id), which is written back. A record this build cannot
    /// read lands as the default with a report and stays in the store untouched. An empty slot
    /// gives the default state (`no-record`).
    public func restore<State: RestorableState>(_ type: State.Type, _ key: SceneKey, fromSlot slot: PortableSlot) -> Restoration<State> {
        let start = ContinuousClock.now
        let (loaded, storeKey) = landSlot(State.self, key, slot)
        let restored = restoration(of: loaded, key, since: start)
        noteLanded(restored, at: storeKey)
        return restored
    }

    /// Lands the winning portable record of `slot` (see ``restore(_:_:fromSlot:)``) and
    /// reconciles it against `context`, as a launch does.
    public func restore<State: Reconcilable>(
        _ type: State.Type, _ key: SceneKey, fromSlot slot: PortableSlot, against context: State.Context
    ) -> Restoration<State> {
        let start = ContinuousClock.now
        let (loaded, storeKey) = landSlot(State.self, key, slot)
        let restored = restoration(of: loaded, key, against: context, since: start)
        noteLanded(restored, at: storeKey)
        return restored
    }

    // MARK: Internals

    /// The configured store and `slot`'s key in it for kind `State`.
    private func slotAddress<State: RestorableState>(_ type: State.Type, _ slot: PortableSlot) throws -> (any PortableKeyValueStore, String) {
        let configured = portableSide.withLock { side in side.configuration?.store.flatMap { store in side.hash.map { (store, $0) } } }
        guard let (store, hash) = configured else {
            throw RestoreError.portableUnavailable("no key-value store is configured (configurePortable(_:) with a store)")
        }
        return (store, slot.storeKey(kind: State.kind, under: hash))
    }

    /// Lands `slot`'s winning record for `key`.
    private func landSlot<State: RestorableState>(_ type: State.Type, _ key: SceneKey, _ slot: PortableSlot) -> (Loaded<State>, String?) {
        let store: any PortableKeyValueStore
        let storeKey: String
        do {
            (store, storeKey) = try slotAddress(State.self, slot)
        } catch {
            return (Loaded(state: State.defaultValue, report: [RestoreReportEntry(.noRecord, "\(error.localizedDescription); the default state was used")]), nil)
        }
        guard let bytes = winningValue(at: storeKey, in: store) else {
            return (Loaded(state: State.defaultValue, report: [RestoreReportEntry(.noRecord, "\(slot) holds no portable \(State.kind) record; the default state was used")]), storeKey)
        }
        return (land(State.self, key, bytes).loaded, storeKey)
    }

    /// The value `storeKey` ends with: the store's, unless the record this device knows beats
    /// it, which is written back. A value that is not a portable record this build reads is
    /// left as it is.
    private func winningValue(at storeKey: String, in store: any PortableKeyValueStore) -> Data? {
        let value = store.value(forKey: storeKey)
        let stored = value.flatMap { try? PortableRecord.parse($0) }
        let known = portableSide.withLock { $0.winners[storeKey] }
        if let known, let stored, known.beats(stored) {
            let repaired = Data(known.encoded().utf8)
            store.set(repaired, forKey: storeKey)
            return repaired
        }
        if let stored {
            portableSide.withLock { side in
                side.winners[storeKey] = stored
                side.witness(stored.logicalVersion)
            }
        }
        return value
    }

    /// Notes what a landing from `storeKey` produced, so publishing the same state is skipped.
    private func noteLanded<State: RestorableState>(_ restoration: Restoration<State>, at storeKey: String?) {
        guard let storeKey, restoration.reports(.portableLanded), let text = try? RecordCodec<State>.encode(restoration.state, carrying: restoration.carriedFields)
        else { return }
        portableSide.withLock { $0.landedText[storeKey] = text }
    }

    /// Makes room for `storeKey` in the engine's share of `store`: while the share is full,
    /// the slot with the lowest logical version (a value that is not a portable record first)
    /// is removed. A newer release's record is never removed: it stays for a release that
    /// reads it.
    private func evictForPublishing(_ storeKey: String, in store: any PortableKeyValueStore) {
        let share = max(1, portableSide.withLock { $0.configuration?.keyShare ?? 1 })
        var others = store.keys.filter { $0.hasPrefix(PortableSlot.storeKeyPrefix) && $0 != storeKey }.compactMap { key in
            Self.evictionRank(at: key, in: store).map { (key: key, logical: $0) }
        }
        others.sort { $0.logical != $1.logical ? $0.logical < $1.logical : $0.key < $1.key }
        while others.count >= share {
            let evicted = others.removeFirst()
            store.remove(forKey: evicted.key)
            portableSide.withLock { $0.forget(evicted.key) }
        }
    }

    /// What the store reported: for each of the engine's keys another device changed, the
    /// winner is kept (a record that loses to the one this device knows is written over with
    /// it); on a quota violation the engine's least recently published slot goes.
    func storeChanged(_ keys: [String], isQuotaViolation: Bool) {
        guard let store = portableSide.withLock({ $0.configuration?.store }) else { return }
        if isQuotaViolation {
            let ranked = store.keys.filter { $0.hasPrefix(PortableSlot.storeKeyPrefix) }.compactMap { key in
                Self.evictionRank(at: key, in: store).map { (key: key, logical: $0) }
            }
            let lowest = ranked.min { $0.logical != $1.logical ? $0.logical < $1.logical : $0.key < $1.key }
            if let lowest {
                store.remove(forKey: lowest.key)
                portableSide.withLock { $0.forget(lowest.key) }
            }
            return
        }
        for key in keys where key.hasPrefix(PortableSlot.storeKeyPrefix) { _ = winningValue(at: key, in: store) }
    }

    /// Where the value at `key` stands for eviction, lowest first: a portable record's logical
    /// version, -1 for a value that is none (damaged, foreign); nil for a newer release's
    /// record (an envelope this build does not read), which is never evicted here.
    private static func evictionRank(at key: String, in store: any PortableKeyValueStore) -> Int? {
        guard let value = store.value(forKey: key) else { return -1 }
        do {
            return try PortableRecord.parse(value).logicalVersion
        } catch .unsupported {
            return nil
        } catch {
            return -1
        }
    }

    /// Removes `account`'s slots from the configured store (a sign-out).
    func removePortableSlots(ofAccount account: String) {
        let configured = portableSide.withLock { side in side.configuration?.store.flatMap { store in side.hash.map { (store, $0) } } }
        guard let (store, hash) = configured else { return }
        let prefix = PortableSlot.accountPrefix(account, under: hash)
        for key in store.keys where key.hasPrefix(prefix) {
            store.remove(forKey: key)
            portableSide.withLock { $0.forget(key) }
        }
    }
}
