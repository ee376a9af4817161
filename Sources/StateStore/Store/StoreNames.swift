/// The rules for account, scene and shelf names: any non-empty UTF-8 string up to 1,024 bytes,
/// stored verbatim (quotes, SQL fragments and slashes are just data).
public enum StoreNames {
    /// The longest name accepted, in UTF-8 bytes.
    public static let maximumBytes = 1_024
    /// The account used when none is given.
    public static let defaultAccount = "default"

    /// Returns `name` when it is acceptable as a `kind` name ("account", "scene", "shelf").
    public static func validated(_ name: String, kind: String) throws(StoreError) -> String {
        let bytes = name.utf8.count
        if bytes == 0 { throw .invalidName(kind: kind, reason: "the \(kind) name is empty") }
        if bytes > maximumBytes {
            throw .invalidName(kind: kind, reason: "the \(kind) name is \(bytes) bytes long; the limit is \(maximumBytes)")
        }
        return name
    }
}
