import Foundation

/// A key-value store that syncs between the person's devices, as the engine uses one: iCloud's
/// `NSUbiquitousKeyValueStore` in an app, a test double in tests (StateRestoreTesting's
/// `UbiquitousStoreDouble`). Nothing here names Apple's types, so the engine builds on Linux.
///
/// An adapter over `NSUbiquitousKeyValueStore` is a few lines: `data(forKey:)` and
/// `set(_:forKey:)` with `Data`, `removeObject(forKey:)`, `dictionaryRepresentation.keys`,
/// and `observeChanges` registering for `didChangeExternallyNotification`, passing its
/// `NSUbiquitousKeyValueStoreChangedKeysKey` and whether its reason was
/// `NSUbiquitousKeyValueStoreQuotaViolationChange`.
public protocol PortableKeyValueStore: Sendable {
    /// The value stored under `key`, or nil.
    func value(forKey key: String) -> Data?
    /// Stores `value` under `key`. Like iCloud's, a store may accept a write over its quota
    /// and say so afterwards, through ``observeChanges(_:)``.
    func set(_ value: Data, forKey key: String)
    /// Removes `key` and its value.
    func remove(forKey key: String)
    /// Every key the store holds, the app's own included.
    var keys: [String] { get }
    /// Calls `handler` with each change the store reports, what iCloud's
    /// `didChangeExternallyNotification` says: the keys whose values changed on another device
    /// (or at the first sync), or a quota violation (`isQuotaViolation` true, no keys): the
    /// store is over its quota (keys, total size), and writes were accepted but will not sync
    /// until the store is made smaller.
    func observeChanges(_ handler: @escaping @Sendable (_ changedKeys: [String], _ isQuotaViolation: Bool) -> Void)
}
