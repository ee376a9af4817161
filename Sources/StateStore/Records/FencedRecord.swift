/// A restore's read: the stored record of one (account, scene, kind), if any, with the fences
/// of the same snapshot (``Store/recordAndGeneration(account:scene:kind:)``).
///
/// A struct, not a tuple: a restore destroyed the tuple through the runtime's generic tuple
/// witness (about 0.5 k instructions each time, twice a restore), and made its type at a
/// process's first restore.
package struct FencedRecord: Sendable {
    /// The stored record; nil when the scene has none of the kind.
    package let record: StoredRecord?
    /// The account's sign-out generation in the snapshot the record was read from.
    package let generation: Int
    /// The file's discard epoch in the same snapshot.
    package let discardEpoch: Int

    package init(record: StoredRecord?, generation: Int, discardEpoch: Int) {
        self.record = record
        self.generation = generation
        self.discardEpoch = discardEpoch
    }
}
