import MigrationHeader

/// What a restorer keeps for sending and landing state across devices, under its own lock.
struct PortableSide: Sendable {
    /// The app's configuration; nil until ``StateRestorer/configurePortable(_:)``.
    var configuration: PortableConfiguration?
    /// The slot key's hash.
    var hash: KeyedHash?
    /// The Lamport clock: the highest logical version this restorer sent or landed (or found
    /// in its share of the store when configured). The next record it sends is one higher.
    var clock = 0
    /// For each store key, the winning record this device knows (sent, landed or seen in the
    /// store): what the store must end up holding.
    var winners: [String: PortableRecord] = [:]
    /// For each store key, the record text landing produced (after reconciliation): a state
    /// equal to it is not published again, so two devices never overwrite each other in a loop.
    var landedText: [String: String] = [:]

    /// The next logical version, taken.
    mutating func tick() -> Int {
        // Never past the highest a record may carry (which a landing never exceeds).
        clock = min(clock, PortableRecord.maximumLogicalVersion - 1) + 1
        return clock
    }

    /// Notes a logical version seen (sent by another device).
    mutating func witness(_ logicalVersion: Int) {
        clock = max(clock, logicalVersion)
    }

    /// Forgets what this device knows of `storeKey`, a slot removed from the store.
    mutating func forget(_ storeKey: String) {
        winners[storeKey] = nil
        landedText[storeKey] = nil
    }
}
