/// What a kind's ``RestorableState/expiresAfter`` may be declared as: `Duration` or
/// `Duration?`, written out or inferred, so every spelling an app writes takes effect.
///
/// ```swift
/// static let expiresAfter = Duration.seconds(86_400)        // Duration
/// static var expiresAfter: Duration { .seconds(86_400) }    // Duration
/// static let expiresAfter: Duration? = .seconds(86_400)     // Duration?, the default type
/// ```
public protocol RecordLifetime: Sendable {
    /// How long a saved state stays meaningful, or nil for always.
    var recordLifetime: Duration? { get }
}

extension Duration: RecordLifetime {
    /// This long.
    public var recordLifetime: Duration? { self }
}

extension Optional: RecordLifetime where Wrapped == Duration {
    /// This long, or always for nil.
    public var recordLifetime: Duration? { self }
}
