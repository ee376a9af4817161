/// One export's stand-ins for strings: each string gets a placeholder of as many Characters
/// (random lowercase ASCII letters), the same one every time it occurs, and no other string
/// gets it while the letters of that length allow, so comparisons of identity between fields
/// survive the redaction: equal stays equal, different stays different.
///
/// ```swift
/// var placeholders = Placeholders()
/// placeholders.placeholder(for: "Zoë")   // e.g. "qkv"
/// placeholders.placeholder(for: "Zoë")   // the same "qkv"
/// ```
package struct Placeholders {
    private var byOriginal: [String: String] = [:]
    private var taken: Set<String> = []
    private var generator = SystemRandomNumberGenerator()

    /// An empty mapping; the letters are drawn from the system's random generator.
    package init() {}

    /// The placeholder of `original`: as many Characters, all `a`–`z`.
    package mutating func placeholder(for original: String) -> String {
        if let known = byOriginal[original] { return known }
        let count = original.count
        var candidate = ""
        // A few draws find an unused one unless nearly every string of that length is taken
        // (26 of one letter): then two strings share one, which is all a short length allows.
        for _ in 0..<32 {
            candidate = String((0..<count).map { _ in Self.letters.randomElement(using: &generator) ?? "x" })
            if !taken.contains(candidate) { break }
        }
        taken.insert(candidate)
        byOriginal[original] = candidate
        return candidate
    }

    /// How many distinct strings have a placeholder.
    package var count: Int { byOriginal.count }

    private static let letters = Array("abcdefghijklmnopqrstuvwxyz")
}
