/// What a kind's ``RestorableState/historyDepth`` may be declared as: `Int` or `Int?`, written
/// out or inferred from a literal, so every spelling an app writes takes effect.
///
/// ```swift
/// static let historyDepth = 3                    // Int, the requirement's default type
/// static let historyDepth: Int? = 3              // Int?; nil keeps none
/// ```
public protocol RecordHistoryDepth: Sendable {
    /// How many earlier records of a scene to keep (0 or less: none).
    var recordHistoryDepth: Int { get }
}

extension Int: RecordHistoryDepth {
    /// This many earlier records (0 or less: none).
    public var recordHistoryDepth: Int { self }
}

extension Optional: RecordHistoryDepth where Wrapped == Int {
    /// This many earlier records; nil keeps none.
    public var recordHistoryDepth: Int { self ?? 0 }
}
