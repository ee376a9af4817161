import Foundation

/// The rules for account, scene and shelf names: any non-empty UTF-8 string up to 1,024 bytes
/// without a control character, stored verbatim (quotes, SQL fragments, slashes, e-mail
/// addresses, UUIDs and any other Unicode text are just data).
///
/// A control character (C0, U+007F or C1) is refused for new writes and new keys
/// (``validated(_:role:)``); a name an older build stored with one still works wherever a
/// stored name is looked up or removed (``validatedStored(_:role:)``: restore, discard, purge,
/// sign-out). Anything that prints a name escapes it (``quoted(_:)``).
@usableFromInline
package enum StoreNames {
    /// The longest name accepted, in UTF-8 bytes.
    package static let maximumBytes = 1_024
    /// The account used when none is given.
    @usableFromInline
    package static let defaultAccount = "default"

    /// The longest record kind accepted, in bytes.
    package static let maximumKindBytes = 64

    /// Returns `kind` when it is a valid record kind: 1–64 bytes of `a`–`z`, `0`–`9` and `-`.
    package static func validatedKind(_ kind: String) throws(StoreError) -> String {
        var kind = kind
        // One pass over the contiguous bytes (a save checks its kind every time).
        let isValid = kind.withUTF8 { bytes in
            !bytes.isEmpty && bytes.count <= maximumKindBytes
                && bytes.allSatisfy { (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x2D }
        }
        guard isValid else {
            throw .invalidName(role: "kind", reason: "a record kind is 1 to \(maximumKindBytes) characters of a-z, 0-9 and -")
        }
        return kind
    }

    /// Returns `name` when it is acceptable as the name of a `role` ("account", "scene", "shelf")
    /// for a new write or a new key: non-empty, at most 1,024 bytes, no control character.
    package static func validated(_ name: String, role: String) throws(StoreError) -> String {
        let name = try validatedStored(name, role: role)
        guard containsControlCharacter(name) else { return name }
        if let control = name.unicodeScalars.first(where: isControl) {
            let code = String(format: "U+%04X", control.value)
            throw .invalidName(role: role, reason: "the \(role) name \(quoted(name)) contains the control character \(code); a new name may hold none")
        }
        return name
    }

    /// Returns `name` when a build may have stored it as the name of a `role`: non-empty and at
    /// most 1,024 bytes (what the schema's CHECKs allow). For looking up and removing what is
    /// stored, never for a new write.
    package static func validatedStored(_ name: String, role: String) throws(StoreError) -> String {
        let bytes = name.utf8.count
        if bytes == 0 { throw .invalidName(role: role, reason: "the \(role) name is empty") }
        if bytes > maximumBytes {
            throw .invalidName(role: role, reason: "the \(role) name is \(bytes) bytes long; the limit is \(maximumBytes)")
        }
        return name
    }

    /// `name` in double quotes, with every control character written as a Swift escape
    /// (`\n`, `\u{1B}`), so a name inside a message or a listing can neither break it across
    /// lines nor drive a terminal.
    package static func quoted(_ name: String) -> String {
        "\"" + escapingControlCharacters(in: name) + "\""
    }

    /// `text` with every control character (C0, U+007F, C1) and every scalar in `extra`
    /// written as a Swift escape: `\n`, `\t`, `\r`, `\0`, `\"`, `\\`, else `\u{1B}`.
    package static func escapingControlCharacters(in text: String, alsoEscaping extra: Set<Unicode.Scalar> = []) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            guard isControl(scalar) || extra.contains(scalar) else {
                escaped.unicodeScalars.append(scalar)
                continue
            }
            switch scalar {
            case "\n": escaped += "\\n"
            case "\t": escaped += "\\t"
            case "\r": escaped += "\\r"
            case "\0": escaped += "\\0"
            case "\"", "\\", "'": escaped += "\\" + String(scalar)
            default: escaped += String(format: "\\u{%02X}", scalar.value)
            }
        }
        return escaped
    }

    /// Whether `name` holds a control character (C0, U+007F, C1), read from its UTF-8 bytes in
    /// one pass (a save checks its account and scene every time): C0 and U+007F are single
    /// bytes, C1 is 0xC2 followed by 0x80–0x9F (0xC2 is never a continuation byte).
    private static func containsControlCharacter(_ name: String) -> Bool {
        var name = name
        return name.withUTF8 { bytes in
            var previous: UInt8 = 0
            for byte in bytes {
                if byte < 0x20 || byte == 0x7F || (previous == 0xC2 && byte < 0xA0) { return true }
                previous = byte
            }
            return false
        }
    }

    /// C0 (U+0000–U+001F), U+007F and C1 (U+0080–U+009F).
    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
}
