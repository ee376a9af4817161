extension RecordShape {
    /// The JSON type of a value in a ``RecordShape``.
    public enum JSONType: String, CaseIterable, Hashable, Sendable {
        /// Any JSON value (a `JSONValue` field, or one the probe could not type).
        case any
        /// A string.
        case string
        /// An integer (a JSON number without fraction or exponent).
        case integer
        /// Any JSON number; an integer is a number too.
        case number
        /// `true` or `false`.
        case boolean
        /// An object with named fields (a struct).
        case object
        /// An array of elements of one shape.
        case array
        /// An object with any keys, whose values have one shape (a dictionary).
        case dictionary

        /// Whether a value written as `self` is also read as `other` (the same type, an integer
        /// as a number, anything as `any`).
        public func isReadable(as other: JSONType) -> Bool {
            self == other || other == .any || (self == .integer && other == .number)
        }
    }
}
