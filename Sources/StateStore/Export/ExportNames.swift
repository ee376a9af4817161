import MigrationHeader

/// The names of one export: each account, scene and shelf name as a keyed hash under a random
/// key made for this export and written nowhere, so equal names stay equal and no name can be
/// learnt or tested from the output.
final class ExportNames {
    private let hash = KeyedHash(key: KeyedHash.randomKey())
    /// By the name's UTF-8 bytes: Swift calls two spellings of one text equal (`café` composed
    /// and decomposed), and two such names are two accounts or scenes to the store.
    private var hashed: [[UInt8]: String] = [:]

    /// `name`'s hash: 32 lowercase hexadecimal digits, a valid name of any role.
    func hashed(_ name: String) -> String {
        let bytes = Array(name.utf8)
        if let known = hashed[bytes] { return known }
        let value = hash.hex(of: name, characterCount: 32)
        hashed[bytes] = value
        return value
    }

    /// A random 32-digit hexadecimal text: the stand-in for a hashed key whose name the export
    /// cannot know (a purged account's generation).
    func unlinkable() -> String {
        hash.hex(of: String(UInt64.random(in: .min ... .max)) + ":" + String(UInt64.random(in: .min ... .max)), characterCount: 32)
    }
}
