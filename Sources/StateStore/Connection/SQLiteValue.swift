import Foundation

/// A value SQLite can store: bound to statement parameters and read from columns.
package enum SQLiteValue: Equatable, Sendable {
    /// SQL `NULL`.
    case null
    /// A 64-bit signed integer.
    case integer(Int64)
    /// A 64-bit floating-point number.
    case real(Double)
    /// UTF-8 text.
    case text(String)
    /// Bytes, stored as they are.
    case blob(Data)
}

extension SQLiteValue: ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByStringLiteral, ExpressibleByNilLiteral
{
    /// An integer literal binds as ``integer(_:)``.
    package init(integerLiteral value: Int64) { self = .integer(value) }
    /// A floating-point literal binds as ``real(_:)``.
    package init(floatLiteral value: Double) { self = .real(value) }
    /// A string literal binds as ``text(_:)``.
    package init(stringLiteral value: String) { self = .text(value) }
    /// `nil` binds as ``null``.
    package init(nilLiteral: ()) { self = .null }
}

extension SQLiteValue {
    /// An integer value from a Swift `Int`.
    package static func int(_ value: Int) -> SQLiteValue { .integer(Int64(value)) }

    /// A text value, or NULL when `value` is nil.
    package static func optionalText(_ value: String?) -> SQLiteValue { value.map(SQLiteValue.text) ?? .null }
}
