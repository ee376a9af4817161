import Foundation

extension String {
    /// Whether the two strings are the same UTF-8 bytes, as SQLite compares text.
    ///
    /// `==` calls two spellings of one text equal (`café` composed and decomposed); the store
    /// keeps them apart, so every key the store compares (names bound to a statement, scene
    /// keys in the engine's tables) is compared with this instead. The lengths are compared
    /// first and the bytes in place with `memcmp`: a generic `utf8.elementsEqual` steps an
    /// index through each view, and cost 600 instructions for two short names, on every save
    /// and restore (an `elementsEqual` of the two buffers still cost 250).
    ///
    /// Two strings with the same representation (a small string's bytes held inline, or the
    /// one storage both refer to) are the same bytes, and answer without touching them: the
    /// names a screen saves under are the same values save after save.
    package func hasSameBytes(as other: String) -> Bool {
        if hasSameRepresentation(as: other) { return true }
        let mine = utf8
        let theirs = other.utf8
        guard mine.count == theirs.count else { return false }
        let compared = mine.withContiguousStorageIfAvailable { mine in
            theirs.withContiguousStorageIfAvailable { theirs in
                // Equal lengths: an empty pair is equal, and the addresses of any other exist.
                mine.isEmpty || memcmp(mine.baseAddress!, theirs.baseAddress!, mine.count) == 0
            }
        }
        // A string without contiguous bytes (one bridged from Objective-C) is walked.
        return (compared ?? nil) ?? mine.elementsEqual(theirs)
    }

    /// Whether the two values' own bytes (`MemoryLayout<String>.size` of them, whatever the
    /// platform's) are equal: the same inline bytes or the same storage, so the same text.
    /// False says nothing: equal text is often held apart.
    private func hasSameRepresentation(as other: String) -> Bool {
        withUnsafeBytes(of: self) { mine in
            withUnsafeBytes(of: other) { theirs in memcmp(mine.baseAddress!, theirs.baseAddress!, mine.count) == 0 }
        }
    }

    /// Whether the string is exactly `bytes` in UTF-8 (text where SQLite holds it, compared
    /// without making a `String` of it).
    package func hasSameBytes(as bytes: UnsafeRawBufferPointer) -> Bool {
        let mine = utf8
        guard mine.count == bytes.count else { return false }
        let compared = mine.withContiguousStorageIfAvailable { mine in
            mine.isEmpty || memcmp(mine.baseAddress!, bytes.baseAddress!, mine.count) == 0
        }
        return compared ?? mine.elementsEqual(bytes)
    }

    /// The rest of the string after `prefix` when it starts with exactly `prefix`'s bytes,
    /// else nil. `hasPrefix` and `dropFirst(_:)` go by characters, which call two spellings of
    /// one name equal: the names of another database's files (`café.sqlite` composed beside one
    /// decomposed) matched as this one's.
    package func afterBytes(of prefix: String) -> String? {
        guard utf8.starts(with: prefix.utf8) else { return nil }
        return String(decoding: utf8.dropFirst(prefix.utf8.count), as: UTF8.self)
    }

    /// The string before `suffix` when it ends with exactly `suffix`'s bytes, else nil.
    package func beforeBytes(ofSuffix suffix: String) -> String? {
        let (mine, theirs) = (utf8, suffix.utf8)
        guard mine.count >= theirs.count, mine.suffix(theirs.count).elementsEqual(theirs) else { return nil }
        return String(decoding: mine.dropLast(theirs.count), as: UTF8.self)
    }
}
