import Foundation

/// Why a tool could not open a database file.
package enum StateDatabaseError: Error, Equatable, Sendable {
    /// The path names a directory, not a database file.
    case isDirectory(path: String)
}

extension StateDatabaseError: LocalizedError {
    /// One line naming the path.
    package var errorDescription: String? {
        switch self {
        case .isDirectory(let path): "\(path) is a directory, not a database file"
        }
    }
}
