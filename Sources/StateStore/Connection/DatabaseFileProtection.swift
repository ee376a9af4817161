/// A Data Protection class for the database and its `-wal` and `-shm` (iOS, iPadOS, tvOS,
/// watchOS and visionOS; elsewhere the files are left as they are). An open vocabulary: the
/// raw value is the platform's `FileProtectionType` raw value.
///
/// An app whose state lives in an app-group container and which (or whose extensions) is
/// launched in the background before the device is first unlocked needs
/// ``completeUntilFirstUserAuthentication``: with ``complete``, a locked device refuses the
/// open and the launch restores defaults (`database-unavailable`).
public struct DatabaseFileProtection: RawRepresentable, Hashable, Sendable {
    /// The platform's name of the class (`FileProtectionType.rawValue`).
    public let rawValue: String

    /// A class by the platform's raw value.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Readable only while the device is unlocked.
    public static let complete = DatabaseFileProtection(rawValue: "NSFileProtectionComplete")
    /// Files open when the device locks stay readable; new opens wait for an unlock.
    public static let completeUnlessOpen = DatabaseFileProtection(rawValue: "NSFileProtectionCompleteUnlessOpen")
    /// Readable from the first unlock after a boot on: what background launches need.
    public static let completeUntilFirstUserAuthentication = DatabaseFileProtection(rawValue: "NSFileProtectionCompleteUntilFirstUserAuthentication")
    /// No protection beyond the device's.
    public static let none = DatabaseFileProtection(rawValue: "NSFileProtectionNone")
}
