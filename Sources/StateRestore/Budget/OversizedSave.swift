import StateStore

/// A screen's save that was written although its record is over the default size budget
/// (``RecordSizeBreakdown/defaultBudget``): its kind declares no budget of its own, so the
/// save is kept rather than the screen's older state, and reported here.
///
/// ``StateRestorer/oversizedSaves`` lists them until
/// the screen's next save is written within the budget (or the scene is discarded). A kind that
/// declares ``RestorableState/maxRecordBytes`` has its saves over it refused instead
/// (``UnwrittenSave/Reason/overBudget(_:)``, ``RestoreError/recordOverBudget(scene:kind:_:)``).
public struct OversizedSave: Equatable, Sendable, CustomStringConvertible {
    /// The screen's scene.
    public let key: SceneKey
    /// The screen's record kind.
    public let kind: String
    /// The record's size, the budget and its largest fields.
    public let size: RecordSizeBreakdown

    /// The entry for `kind`'s save of `key`, of `size`.
    public init(key: SceneKey, kind: String, size: RecordSizeBreakdown) {
        self.key = key
        self.kind = kind
        self.size = size
    }

    /// One line: the scene, the kind, the size and the largest fields.
    public var description: String {
        "scene \(StoreNames.quoted(key.scene)) (account \(StoreNames.quoted(key.account)), kind \(kind)) was saved over the default budget: \(size)"
    }
}
