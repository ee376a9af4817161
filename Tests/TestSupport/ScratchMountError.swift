import Foundation

/// A mount step that did not go as a full-disk test needs.
public struct ScratchMountError: Error, CustomStringConvertible {
    /// What went wrong.
    public let message: String
    /// The message.
    public var description: String { message }
}
