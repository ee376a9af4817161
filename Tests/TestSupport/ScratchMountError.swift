import Foundation

/// A mount step that did not go as a full-disk test needs.
package struct ScratchMountError: Error, CustomStringConvertible {
    /// What went wrong.
    package let message: String
    /// The message.
    package var description: String { message }
}
