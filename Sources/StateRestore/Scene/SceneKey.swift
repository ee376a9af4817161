import StateStore

/// Identifies one window's state: an account and a scene name, each a non-empty UTF-8 string
/// of at most 1,024 bytes, stored verbatim.
public struct SceneKey: Hashable, Sendable, CustomStringConvertible {
    /// The account; `"default"` unless the app has several.
    public let account: String
    /// The scene (window) identifier.
    public let scene: String

    /// Creates a key after checking both names.
    public init(scene: String, account: String = StoreNames.defaultAccount) throws(RestoreError) {
        do {
            self.scene = try StoreNames.validated(scene, role: "scene")
            self.account = try StoreNames.validated(account, role: "account")
        } catch {
            throw .invalidName(error.localizedDescription)
        }
    }

    /// The scene, and its account unless it is the default one, for messages: `scene "main" of account "work"`.
    public var description: String {
        account == StoreNames.defaultAccount ? "scene \"\(scene)\"" : "scene \"\(scene)\" of account \"\(account)\""
    }
}
