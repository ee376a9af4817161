/// What a kind's ``RestorableState/expiresAfter`` may be declared as: `Duration` or
/// `Duration?`, written out or inferred, so every spelling an app writes takes effect.
///
/// ```swift
/// static let expiresAfter = Duration.seconds(86_400)        // Duration
/// static var expiresAfter: Duration { .seconds(86_400) }    // Duration
/// static let expiresAfter: Duration? = .seconds(86_400)     // Duration?, the default type
/// ```
///
/// A number (`86_400`, a `TimeInterval`, their optionals) does not compile: it could mean
/// seconds or anything else, and a declaration of a type that does not conform would be
/// silently ignored, so those conformances are unavailable, with a message saying how to write it.
public protocol RecordLifetime: Sendable {
    /// How long a saved state stays meaningful, or nil for always.
    var recordLifetime: Duration? { get }
}

extension RecordLifetime {
    /// Never read: only the unavailable conformances below take it. Unavailable itself, so a
    /// conformance that is available must declare its own.
    @available(*, unavailable, message: "only the unavailable conformances take this default")
    public var recordLifetime: Duration? { nil }
}

extension Duration: RecordLifetime {
    /// This long.
    public var recordLifetime: Duration? { self }
}

extension Optional: RecordLifetime where Wrapped: RecordLifetime {
    /// This long, or always for nil.
    public var recordLifetime: Duration? { self?.recordLifetime ?? nil }
}

@available(*, unavailable, message: "a lifetime is a Duration, not a number: static let expiresAfter = Duration.seconds(86_400)")
extension Int: RecordLifetime {}

@available(*, unavailable, message: "a lifetime is a Duration, not a number: static let expiresAfter = Duration.seconds(86_400)")
extension Double: RecordLifetime {}

@available(*, unavailable, message: "a lifetime is a Duration, not a number: static let expiresAfter = Duration.seconds(86_400)")
extension Float: RecordLifetime {}

@available(*, unavailable, message: "a lifetime is a Duration, not a number: static let expiresAfter = Duration.seconds(86_400)")
extension UInt: RecordLifetime {}

@available(*, unavailable, message: "a lifetime is a Duration, not a number: static let expiresAfter = Duration.seconds(86_400)")
extension Int64: RecordLifetime {}

@available(*, unavailable, message: "a lifetime is a Duration, not a number: static let expiresAfter = Duration.seconds(86_400)")
extension Int32: RecordLifetime {}
