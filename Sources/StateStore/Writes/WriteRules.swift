/// What a write of a record or a shelf snapshot may replace, as the engine's write gate decided
/// it; the store applies the rules inside the write transaction (`Store.checkFence(_:account:)`
/// and the record upsert's conditions), and never computes one itself.
package struct WriteRules: Sendable, Equatable {
    /// The newest format the writer reads: a stored record of a higher version is kept
    /// (`StoreError.newerRecordKept`) unless it declared a `minReaderVersion` at or below it.
    /// For a snapshot, the newest format that counts towards the snapshots kept. Nil: any.
    package var keepingVersionsAbove: Int?
    /// Keep a newer stored record even when its `minReaderVersion` allows this writer: the
    /// writer's restore found it does not decode.
    package var keepingNewerEvenIfReadable = false
    /// Keep any stored record (`StoreError.existingRecordKept`): the writer never saw it.
    package var onlyIfAbsent = false
    /// The account's sign-out generation the writer's restore captured: a write after a purge
    /// that advanced it is refused (`StoreError.accountSignedOut`). Nil: no fence.
    package var fencedAt: Int?
    /// The file's discard epoch the writer's restore captured: a write of a scene discarded
    /// (or pruned) since is refused (`StoreError.sceneDiscarded`). Nil: no fence.
    package var discardFencedAt: Int?
    /// How many earlier records of the (account, scene, kind) to keep: the record the write
    /// replaces goes into its history first, in the same transaction, and the entries beyond
    /// this many are deleted with `secure_delete` on. 0: no history, nothing more is written.
    package var historyDepth: Int
    /// With history, how long a record stays meaningful, in seconds: a record older than this
    /// when the write replaces it has expired, and its history goes with it instead of keeping
    /// it. Nil: records never expire.
    package var recordLifetime: Double?

    /// Rules that replace whatever is stored.
    package init(
        keepingVersionsAbove: Int? = nil, keepingNewerEvenIfReadable: Bool = false, onlyIfAbsent: Bool = false, fencedAt: Int? = nil,
        discardFencedAt: Int? = nil, historyDepth: Int = 0, recordLifetime: Double? = nil
    ) {
        self.discardFencedAt = discardFencedAt
        self.keepingVersionsAbove = keepingVersionsAbove
        self.keepingNewerEvenIfReadable = keepingNewerEvenIfReadable
        self.onlyIfAbsent = onlyIfAbsent
        self.fencedAt = fencedAt
        self.historyDepth = max(0, historyDepth)
        self.recordLifetime = recordLifetime
    }

    /// No rule: the write replaces whatever is stored (the storage primitive, a quarantine
    /// restore asked to replace).
    package static let unconditional = WriteRules()
}
