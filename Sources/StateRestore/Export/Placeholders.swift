/// One export's stand-ins for strings: each string gets a placeholder of as many Characters
/// (random lowercase ASCII letters), the same one every time it occurs, and no other string
/// gets it, so comparisons of identity between fields survive the redaction: equal stays
/// equal, different stays different. Object keys and string values share the map, so a value
/// that names a dictionary's entry still names it after redaction.
///
/// A placeholder is never its original (but the empty string, which holds nothing to hide,
/// stays empty, so an empty query still shows every row), nor one of the words it is told to
/// avoid (the field names and listed values a redaction keeps), so a replaced key never equals
/// a kept key of the same object.
/// Only when every string of a short length is taken (26 of one letter, less the avoided
/// ones), or nearly every one of a longer length, does a placeholder grow a letter longer:
/// never two strings with one placeholder.
///
/// ```swift
/// var placeholders = Placeholders(avoiding: ["id"])
/// placeholders.placeholder(for: "Zoë")   // e.g. "qkv"
/// placeholders.placeholder(for: "Zoë")   // the same "qkv"
/// ```
package struct Placeholders {
    /// The placeholders by their original's UTF-8 bytes, not by the `String`: Swift calls two
    /// spellings of one text equal (`café` composed and decomposed), JSON does not, and a record
    /// may hold both as two keys of one object, which one placeholder would make duplicates.
    private var byOriginal: [[UInt8]: String] = [:]
    private var taken: Set<String>
    private var generator = SystemRandomNumberGenerator()

    /// An empty mapping whose placeholders are none of `avoided`; the letters are drawn from
    /// the system's random generator.
    package init(avoiding avoided: Set<String> = []) {
        taken = avoided
    }

    /// The placeholder of `original`: as many Characters, all `a`–`z` (one more when that
    /// length has no unused one left).
    package mutating func placeholder(for original: String) -> String {
        if let known = byOriginal[Array(original.utf8)] { return known }
        // Nothing to hide, and its length is its meaning: an empty query filters nothing, and
        // a letter in its place would hide rows and move a restored viewport.
        if original.isEmpty { return original }
        var count = original.count
        while true {
            // A few draws find an unused one unless nearly every string of that length is
            // taken. Of the short lengths, whose strings can be counted, the unused ones are
            // then listed and one drawn: 32 draws missed the one free letter of 26 one time in
            // four, and a key grew a letter that did not need to (a flaky RecordRedactionTests
            // case). Only when none is left is a longer one drawn.
            for _ in 0..<32 {
                let candidate = String((0..<count).map { _ in Self.letters.randomElement(using: &generator) ?? "x" })
                // Never the original itself: a one-letter string drew itself one time in 26
                // (a redacted message kept its quoted `'p'` in a sanitizer run of CI).
                if isFree(candidate, for: original) { return take(candidate, for: original) }
            }
            if count <= Self.countedLength, let candidate = Self.strings(ofLength: count).filter({ isFree($0, for: original) }).randomElement(using: &generator) {
                return take(candidate, for: original)
            }
            count += 1
        }
    }

    private func isFree(_ candidate: String, for original: String) -> Bool {
        candidate != original && !taken.contains(candidate)
    }

    private mutating func take(_ candidate: String, for original: String) -> String {
        taken.insert(candidate)
        byOriginal[Array(original.utf8)] = candidate
        return candidate
    }

    /// The longest length whose strings are listed when draws miss (26 × 26 of two letters).
    private static let countedLength = 2

    /// Every string of `length` letters, `a`–`z`.
    private static func strings(ofLength length: Int) -> [String] {
        (0..<length).reduce([""]) { prefixes, _ in prefixes.flatMap { prefix in letters.map { prefix + String($0) } } }
    }

    /// How many distinct strings have a placeholder.
    package var count: Int { byOriginal.count }

    private static let letters = Array("abcdefghijklmnopqrstuvwxyz")
}
