import StateRestore

extension RestoreCode {
    /// The selected item no longer exists; the selection was cleared.
    public static let selectionCleared = RestoreCode("selection-cleared")
    /// A selection that no longer exists was replaced by another (zones: the first choice).
    public static let selectionReplaced = RestoreCode("selection-replaced")
    /// The viewport anchor was filtered out or deleted and moved to a nearby row.
    public static let anchorMoved = RestoreCode("anchor-moved")
    /// The viewport anchor could not be kept or moved nearby; it went to the top or was dropped.
    public static let anchorReset = RestoreCode("anchor-reset")
    /// The stored viewport offset was outside 0…1 and was clamped.
    public static let offsetClamped = RestoreCode("offset-clamped")
    /// A shelf draft's book is no longer on the shelf; the draft was dropped.
    public static let draftDropped = RestoreCode("draft-dropped")
    /// A shelf draft was made against an older revision of its book; it was kept and flagged.
    public static let draftConflict = RestoreCode("draft-conflict")
}
