/// The stable code of a restore report entry. The raw values are part of the CLI's JSON
/// contract: never rename one.
public enum RestoreCode: String, Sendable, CaseIterable, Codable {
    /// The scene had no record; the default state was used.
    case noRecord = "no-record"
    /// The record was written in an older format and was upgraded to the current one.
    case recordUpgraded = "record-upgraded"
    /// Fields the record did not carry were given their defaults.
    case defaultsApplied = "defaults-applied"
    /// The selected book no longer exists; the selection was cleared.
    case selectionCleared = "selection-cleared"
    /// A selection that no longer exists was replaced by another (zones: the first choice).
    case selectionReplaced = "selection-replaced"
    /// The viewport anchor was filtered out or deleted and moved to a nearby row.
    case anchorMoved = "anchor-moved"
    /// The viewport anchor could not be kept or moved nearby; it went to the top or was dropped.
    case anchorReset = "anchor-reset"
    /// The stored viewport offset was outside 0…1 and was clamped.
    case offsetClamped = "offset-clamped"
    /// The record is of a newer format this build cannot read; it was kept in place.
    case unsupportedVersion = "unsupported-version"
    /// A record of a newer format was read through its `minReaderVersion`.
    case recordNewerRead = "record-newer-read"
    /// The record could not be decoded; it was moved to the quarantine.
    case recordUnreadable = "record-unreadable"
    /// Restoring this scene crashed a previous launch; its record was skipped.
    case restoreCrashed = "restore-crashed"
    /// The database was written by a newer release; nothing was read or changed.
    case databaseNewer = "database-newer"
    /// The file is another program's database; nothing was read or changed.
    case databaseForeign = "database-foreign"
    /// The file was not a readable database; it was moved aside and a fresh one created.
    case databaseCorrupt = "database-corrupt"
    /// A shelf draft's book is no longer on the shelf; the draft was dropped.
    case draftDropped = "draft-dropped"
    /// A shelf draft was made against an older revision of its book; it was kept and flagged.
    case draftConflict = "draft-conflict"
    /// The database could not be opened or written (permissions, a directory, I/O errors).
    case databaseUnavailable = "database-unavailable"
}
