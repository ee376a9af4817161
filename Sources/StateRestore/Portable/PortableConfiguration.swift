/// How this build sends and lands screens' state on the person's other devices: the key the
/// app's slots are named under, who is writing, how big a portable record may be, and the
/// key-value store it syncs through, if any. Set once, with
/// ``StateRestorer/configurePortable(_:)``.
///
/// ```swift
/// restorer.configurePortable(PortableConfiguration(
///     slotKey: appSlotKey,                       // the same bytes on every device of the app
///     deviceID: deviceID, appBuild: "3.0 (312)",
///     store: ubiquitousStore))                   // nil: Handoff bytes only
/// ```
///
/// `slotKey` must be the same on all the app's devices (built into the app or kept in its
/// keychain): the store's keys are HMAC-SHA256 hashes of (account, slot, kind) under it, so no
/// account or slot name is in a key. A restorer's random event key would differ per device.
public struct PortableConfiguration: Sendable {
    /// The key slots are hashed under, the same on every device: random, and at least 16 bytes
    /// (a shorter key is used as given, and a guessable one lets a reader of the store tell
    /// which names its keys hash).
    public var slotKey: [UInt8]
    /// This device, as the app names it (stable across launches): the tie-breaker when two
    /// records have the same logical version, and what a landing reports.
    public var deviceID: String
    /// The build that writes (`"3.0 (312)"`), carried in each portable record and reported.
    public var appBuild: String
    /// The most a portable record may take, in UTF-8 bytes: 3 KB by default, what a Handoff
    /// `NSUserActivity`'s `userInfo` is said to keep to. A record over it is refused with its
    /// largest fields (``RestoreError/portableOverBudget(scene:kind:_:)``).
    public var byteBudget: Int
    /// How many of the store's keys the engine's slots may take (iCloud's 1,024 are shared
    /// with the app's own); publishing another slot evicts the least recently published one.
    public var keyShare: Int
    /// The key-value store slots sync through; nil when the app only hands records over itself.
    public var store: (any PortableKeyValueStore)?

    /// The default ``byteBudget``: 3 KB.
    public static let defaultByteBudget = 3 * 1024

    /// A configuration; `keyShare` defaults to 64 of the store's keys.
    public init(
        slotKey: [UInt8], deviceID: String, appBuild: String, byteBudget: Int = PortableConfiguration.defaultByteBudget, keyShare: Int = 64,
        store: (any PortableKeyValueStore)? = nil
    ) {
        self.slotKey = slotKey
        self.deviceID = deviceID
        self.appBuild = appBuild
        self.byteBudget = byteBudget
        self.keyShare = keyShare
        self.store = store
    }
}
