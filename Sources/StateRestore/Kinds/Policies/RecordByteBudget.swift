/// What a kind's ``RestorableState/maxRecordBytes`` may be declared as: `Int` or `Int?`,
/// written out or inferred from a literal, so every spelling an app writes takes effect.
///
/// ```swift
/// static let maxRecordBytes = 64 * 1024          // Int
/// static var maxRecordBytes: Int { 64 * 1024 }   // Int
/// static let maxRecordBytes: Int? = 64 * 1024    // Int?, the requirement's default type
/// ```
///
/// A requirement whose type is fixed (`Int?`) is silently missed by a declaration of another
/// type (`Int`): Swift takes the protocol's default and the declaration is an unrelated member.
/// The kind's own declaration decides the type here instead.
public protocol RecordByteBudget: Sendable {
    /// The budget in bytes, or nil for none of the kind's own.
    var recordByteBudget: Int? { get }
}

extension Int: RecordByteBudget {
    /// The budget: this many bytes.
    public var recordByteBudget: Int? { self }
}

extension Optional: RecordByteBudget where Wrapped == Int {
    /// The budget, or none of the kind's own for nil.
    public var recordByteBudget: Int? { self }
}
