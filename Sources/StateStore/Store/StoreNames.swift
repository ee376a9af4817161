/// The rules for account, scene and shelf names: any non-empty UTF-8 string up to 1,024 bytes,
/// stored verbatim (quotes, SQL fragments and slashes are just data).
public enum StoreNames {
    /// The longest name accepted, in UTF-8 bytes.
    public static let maximumBytes = 1_024
    /// The account used when none is given.
    public static let defaultAccount = "default"

    /// The longest record kind accepted, in bytes.
    public static let maximumKindBytes = 64

    /// Returns `kind` when it is a valid record kind: 1–64 bytes of `a`–`z`, `0`–`9` and `-`.
    public static func validatedKind(_ kind: String) throws(StoreError) -> String {
        let bytes = kind.utf8
        guard !bytes.isEmpty, bytes.count <= maximumKindBytes,
            bytes.allSatisfy({ (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x2D })
        else {
            throw .invalidName(role: "kind", reason: "a record kind is 1 to \(maximumKindBytes) characters of a-z, 0-9 and -")
        }
        return kind
    }

    /// Returns `name` when it is acceptable as the name of a `role` ("account", "scene", "shelf").
    public static func validated(_ name: String, role: String) throws(StoreError) -> String {
        let bytes = name.utf8.count
        if bytes == 0 { throw .invalidName(role: role, reason: "the \(role) name is empty") }
        if bytes > maximumBytes {
            throw .invalidName(role: role, reason: "the \(role) name is \(bytes) bytes long; the limit is \(maximumBytes)")
        }
        return name
    }
}
