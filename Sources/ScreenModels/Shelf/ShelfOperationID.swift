/// The identity of one save operation, so a failed save rolls back only what it still owns.
public struct ShelfOperationID: Hashable, Sendable, CustomStringConvertible {
    /// A number unique among the operations of one view model, increasing in start order.
    public let rawValue: Int

    /// Creates an operation identity from its number.
    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// A short description such as `save#3`.
    public var description: String { "save#\(rawValue)" }
}
