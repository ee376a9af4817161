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
/// The kind's own declaration decides the type here instead. A declaration of another number
/// type (`4096.0`, `UInt`, `Int64`, their optionals) does not compile: its conformance is
/// unavailable, with a message saying how to write it, so it cannot be silently ignored.
public protocol RecordByteBudget: Sendable {
    /// The budget in bytes, or nil for none of the kind's own.
    var recordByteBudget: Int? { get }
}

extension RecordByteBudget {
    /// Never read: only the unavailable conformances below take it. Unavailable itself, so a
    /// conformance that is available must declare its own.
    @available(*, unavailable, message: "only the unavailable conformances take this default")
    public var recordByteBudget: Int? { nil }
}

extension Int: RecordByteBudget {
    /// The budget: this many bytes.
    public var recordByteBudget: Int? { self }
}

extension Optional: RecordByteBudget where Wrapped: RecordByteBudget {
    /// The budget, or none of the kind's own for nil.
    public var recordByteBudget: Int? { self?.recordByteBudget ?? nil }
}

@available(*, unavailable, message: "a record budget is a number of bytes as an Int: static let maxRecordBytes = 4096")
extension Double: RecordByteBudget {}

@available(*, unavailable, message: "a record budget is a number of bytes as an Int: static let maxRecordBytes = 4096")
extension Float: RecordByteBudget {}

@available(*, unavailable, message: "a record budget is a number of bytes as an Int: static let maxRecordBytes = 4096")
extension UInt: RecordByteBudget {}

@available(*, unavailable, message: "a record budget is a number of bytes as an Int: static let maxRecordBytes = 4096")
extension Int64: RecordByteBudget {}

@available(*, unavailable, message: "a record budget is a number of bytes as an Int: static let maxRecordBytes = 4096")
extension UInt64: RecordByteBudget {}

@available(*, unavailable, message: "a record budget is a number of bytes as an Int: static let maxRecordBytes = 4096")
extension Int32: RecordByteBudget {}

@available(*, unavailable, message: "a record budget is a number of bytes as an Int: static let maxRecordBytes = 4096")
extension UInt32: RecordByteBudget {}
