import Foundation

/// Why loading zones did not produce a valid selection.
public enum ZoneLoadFailure: Error, Equatable, Sendable, LocalizedError {
    /// The service failed.
    case unavailable
    /// The service returned no zones.
    case noZones
    /// The service returned two zones with this ID.
    case duplicateZoneID(String)
    /// The load was cancelled before any zones were shown.
    case cancelled

    /// A readable description suitable for showing as is.
    public var errorDescription: String? {
        switch self {
        case .unavailable: "The zones could not be loaded."
        case .noZones: "No zones are available."
        case .duplicateZoneID(let id): "The zone list contained “\(id)” more than once."
        case .cancelled: "Loading the zones was cancelled."
        }
    }
}
