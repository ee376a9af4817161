/// A change a ``PortableKeyValueStore`` reports: what iCloud's
/// `didChangeExternallyNotification` says.
public struct PortableStoreChange: Equatable, Sendable {
    /// The keys whose values changed on another device (or at the first sync); empty for a
    /// quota violation.
    public var keys: [String]
    /// The store is over its quota (keys, total size): writes were accepted and will not sync
    /// until the store is made smaller.
    public var isQuotaViolation: Bool

    /// A change naming `keys`, or a quota violation.
    public init(keys: [String], isQuotaViolation: Bool = false) {
        self.keys = keys
        self.isQuotaViolation = isQuotaViolation
    }
}
