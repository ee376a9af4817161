import Foundation

/// Why a shelf load or save did not produce a result.
public enum ShelfFailure: Error, Equatable, Sendable, LocalizedError {
    /// The service could not be reached.
    case offline

    /// A readable description suitable for printing as is.
    public var errorDescription: String? {
        switch self {
        case .offline: "The shelf service is offline."
        }
    }
}
