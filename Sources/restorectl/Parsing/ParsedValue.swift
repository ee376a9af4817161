import StateStore

/// Where an ``Option`` or ``Flag`` keeps the value parsing gives it.
///
/// A property wrapper cannot be written through `Mirror`, so each wrapper of a fresh options
/// instance holds one of these, and ``ParsableOptions/parse(_:)`` fills it once before the
/// instance reaches the command; nothing writes it after. Reading it before then is a
/// programming error (an options type used without being parsed).
final class ParsedValue<Value: Sendable>: Sendable {
    /// The value, once parsing has set it.
    private let cell = Locked<Value?>(nil)

    /// Whether parsing has set the value.
    var isSet: Bool { cell.withLock { $0 != nil } }

    var value: Value {
        guard let value = cell.withLock({ $0 }) else {
            preconditionFailure("an option was read before its options type was parsed (use ParsableOptions.parse)")
        }
        return value
    }

    /// Sets the value; parsing calls this once per instance.
    func set(_ value: Value) {
        cell.withLock { $0 = value }
    }
}
