/// A coding key of any name: the members of a shape's JSON, and the one key the probe offers
/// a container that asks for all its keys (a dictionary).
struct ShapeCodingKey: CodingKey {
    let stringValue: String
    let intValue: Int?

    init(_ name: String) {
        stringValue = name
        intValue = Int(name)
    }

    init?(stringValue: String) { self.init(stringValue) }

    init?(intValue: Int) {
        stringValue = String(intValue)
        self.intValue = intValue
    }

    /// The key the probe lists as a dictionary's only key: a name no `CodingKeys` enum has (a
    /// Swift case cannot be named `0`), which an `Int`-keyed dictionary also accepts.
    static let anyKey = "0"
}
