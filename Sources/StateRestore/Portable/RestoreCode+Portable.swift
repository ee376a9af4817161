extension RestoreCode {
    /// The state came from another device's portable record
    /// (``StateRestorer/restore(_:_:fromPortable:against:)``): the detail names the device, its
    /// build and the record's logical version.
    public static let portableLanded = RestoreCode("portable-landed")
    /// A portable record was truncated or damaged (not JSON, its checksum does not match, its
    /// record does not decode): the default state was used and nothing was stored.
    public static let portableDamaged = RestoreCode("portable-damaged")
    /// The bytes are not a portable record, or one of another kind: the default state was used.
    public static let portableForeign = RestoreCode("portable-foreign")
    /// A portable record's envelope is of a newer format than this build reads: the default
    /// state was used, and a record in a key-value store stays there for a release that reads it.
    public static let portableUnsupported = RestoreCode("portable-unsupported")
    /// The account signed out on this device: another device's record of it does not land.
    public static let portableSignedOut = RestoreCode("portable-signed-out")
    /// The screen was opened at a destination (a deep link, a notification): the kind's
    /// reconciliation put what the destination names over the restored or landed state, which
    /// keeps everything the destination does not name.
    public static let destinationApplied = RestoreCode("destination-applied")
}
