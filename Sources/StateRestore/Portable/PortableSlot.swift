import MigrationHeader
import StateStore

/// What names "the same screen" on every device of one person: scene ids are per device, so
/// the app names a slot (`"reader"`) of an account, and the engine keys the slot's portable
/// record in the key-value store by a hash of (account, slot, kind), never by the names.
///
/// ```swift
/// let slot = try PortableSlot("reader", account: "a@example.com")
/// try restorer.publish(ReaderState.self, for: key, to: slot)
/// ```
public struct PortableSlot: Hashable, Sendable, CustomStringConvertible {
    /// The slot's name, as the app gives it.
    public let name: String
    /// The account the slot belongs to.
    public let account: String

    /// A slot named `name` of `account`; both follow ``SceneKey``'s naming rule.
    public init(_ name: String, account: String = "default") throws(RestoreError) {
        let key = try SceneKey(scene: name, account: account)
        self.name = key.scene
        self.account = key.account
    }

    /// Equal when both names are the same bytes, as ``SceneKey`` compares: two spellings of
    /// one text (`café` composed and decomposed), which `String` calls equal, are two slots,
    /// with two store keys.
    public static func == (lhs: PortableSlot, rhs: PortableSlot) -> Bool {
        lhs.name.hasSameBytes(as: rhs.name) && lhs.account.hasSameBytes(as: rhs.account)
    }

    /// Hashes the names' bytes, as ``==(_:_:)`` compares them.
    public func hash(into hasher: inout Hasher) {
        ExactText(name).hash(into: &hasher)
        ExactText(account).hash(into: &hasher)
    }

    /// The slot and its account, for messages.
    public var description: String { "slot \"\(name)\" of account \"\(account)\"" }

    /// The store key of this slot's `kind` record under `hash` (the app's slot key), 64 UTF-8
    /// bytes, iCloud's limit: ``storeKeyPrefix``, 16 hexadecimal digits of the account's
    /// HMAC-SHA256 (so a sign-out finds every key of the account without knowing its slots),
    /// and 44 of the HMAC over the length-prefixed (account, slot, kind).
    package func storeKey(kind: String, under hash: KeyedHash) -> String {
        let message = [account, name, kind].map { "\($0.utf8.count):\($0)" }.joined()
        return Self.accountPrefix(account, under: hash) + hash.hex(of: message, characterCount: 44)
    }

    /// What every store key of `account`'s slots starts with.
    package static func accountPrefix(_ account: String, under hash: KeyedHash) -> String {
        storeKeyPrefix + hash.hex(of: "account:\(account)", characterCount: 16)
    }

    /// What every key the engine writes starts with, so it tells its share from the app's keys.
    package static let storeKeyPrefix = "sr1-"
}
