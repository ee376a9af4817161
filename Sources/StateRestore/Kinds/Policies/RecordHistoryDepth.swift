/// What a kind's ``RestorableState/historyDepth`` may be declared as: `Int` or `Int?`, written
/// out or inferred from a literal, so every spelling an app writes takes effect.
///
/// ```swift
/// static let historyDepth = 3                    // Int, the requirement's default type
/// static let historyDepth: Int? = 3              // Int?; nil keeps none
/// ```
///
/// A declaration of another number type (`3.0`, `UInt`, `Int64`, their optionals) does not
/// compile, with a message saying how to write it, so it cannot be silently ignored.
public protocol RecordHistoryDepth: Sendable {
    /// How many earlier records of a scene to keep (0 or less: none).
    var recordHistoryDepth: Int { get }
}

extension RecordHistoryDepth {
    /// Never read: only the unavailable conformances below take it. Unavailable itself, so a
    /// conformance that is available must declare its own.
    @available(*, unavailable, message: "only the unavailable conformances take this default")
    public var recordHistoryDepth: Int { 0 }
}

extension Int: RecordHistoryDepth {
    /// This many earlier records (0 or less: none).
    public var recordHistoryDepth: Int { self }
}

extension Optional: RecordHistoryDepth where Wrapped: RecordHistoryDepth {
    /// This many earlier records; nil keeps none.
    public var recordHistoryDepth: Int { self?.recordHistoryDepth ?? 0 }
}

@available(*, unavailable, message: "a history depth is a count of earlier records as an Int: static let historyDepth = 3")
extension Double: RecordHistoryDepth {}

@available(*, unavailable, message: "a history depth is a count of earlier records as an Int: static let historyDepth = 3")
extension Float: RecordHistoryDepth {}

@available(*, unavailable, message: "a history depth is a count of earlier records as an Int: static let historyDepth = 3")
extension UInt: RecordHistoryDepth {}

@available(*, unavailable, message: "a history depth is a count of earlier records as an Int: static let historyDepth = 3")
extension Int64: RecordHistoryDepth {}

@available(*, unavailable, message: "a history depth is a count of earlier records as an Int: static let historyDepth = 3")
extension UInt64: RecordHistoryDepth {}

@available(*, unavailable, message: "a history depth is a count of earlier records as an Int: static let historyDepth = 3")
extension Int32: RecordHistoryDepth {}

@available(*, unavailable, message: "a history depth is a count of earlier records as an Int: static let historyDepth = 3")
extension UInt32: RecordHistoryDepth {}
