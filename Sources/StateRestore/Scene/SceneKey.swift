import StateStore

/// Identifies one window's state: an account and a scene name, each a non-empty UTF-8 string
/// of at most 1,024 bytes without a control character, stored verbatim.
public struct SceneKey: Hashable, Sendable, CustomStringConvertible {
    /// The account; `"default"` unless the app has several.
    public let account: String
    /// The scene (window) identifier.
    public let scene: String

    /// Creates a key for new writes after checking both names (`StoreNames.validated(_:role:)`:
    /// a control character is refused).
    public init(scene: String, account: String = StoreNames.defaultAccount) throws(RestoreError) {
        do {
            self.scene = try StoreNames.validated(scene, role: "scene")
            self.account = try StoreNames.validated(account, role: "account")
        } catch {
            throw .invalidName(error.localizedDescription)
        }
    }

    /// Creates a key for a screen an older build may have stored, checked by the rule the
    /// schema keeps (`StoreNames.validatedStored(_:role:)`: a control character is allowed),
    /// to restore, discard or inspect what is stored under it. A save under a name a new key
    /// could not have is refused by the store.
    public init(storedScene scene: String, account: String = StoreNames.defaultAccount) throws(RestoreError) {
        do {
            self.scene = try StoreNames.validatedStored(scene, role: "scene")
            self.account = try StoreNames.validatedStored(account, role: "account")
        } catch {
            throw .invalidName(error.localizedDescription)
        }
    }

    /// A key of names not checked, for what is never stored as a scene (the write gate's key
    /// of a kind's snapshots).
    init(unchecked scene: String, account: String) {
        self.scene = scene
        self.account = account
    }

    /// Equal when both names are the same bytes, as the store compares them: two spellings of
    /// one text (`café` composed and decomposed), which `String` calls equal, are two scenes.
    public static func == (lhs: SceneKey, rhs: SceneKey) -> Bool {
        lhs.scene.hasSameBytes(as: rhs.scene) && lhs.account.hasSameBytes(as: rhs.account)
    }

    /// Whether this is `account`'s scene `scene`, compared as ``==(_:_:)`` compares.
    func names(_ account: String, _ scene: String) -> Bool {
        self.scene.hasSameBytes(as: scene) && self.account.hasSameBytes(as: account)
    }

    /// Whether this key comes before `other` by account, then scene, each by its bytes, as
    /// SQLite orders them (`String`'s `<` calls two spellings of one name equal, so lists of
    /// such scenes came out in another order than the store's).
    func precedes(_ other: SceneKey) -> Bool {
        if account.hasSameBytes(as: other.account) { return scene.utf8.lexicographicallyPrecedes(other.scene.utf8) }
        return account.utf8.lexicographicallyPrecedes(other.account.utf8)
    }

    /// Hashes the names' bytes, as ``==(_:_:)`` compares them.
    public func hash(into hasher: inout Hasher) {
        ExactText(scene).hash(into: &hasher)
        ExactText(account).hash(into: &hasher)
    }

    /// The scene, and its account unless it is the default one, for messages, each quoted with
    /// its control characters escaped (`StoreNames.quoted(_:)`): `scene "main" of account "work"`.
    public var description: String {
        account == StoreNames.defaultAccount ? "scene \(StoreNames.quoted(scene))" : "scene \(StoreNames.quoted(scene)) of account \(StoreNames.quoted(account))"
    }
}
