import Foundation

/// Why a list of zone choices cannot hold a valid selection.
public enum ZoneModelError: Error, Equatable, Sendable, LocalizedError {
    /// There are no choices, so nothing can be selected.
    case noChoices
    /// Two choices share this identity.
    case duplicateChoiceID(String)
    /// The selection names this ID, which is not one of the choices.
    case unknownSelection(String)

    /// A readable description suitable for printing as is.
    public var errorDescription: String? {
        switch self {
        case .noChoices: "There are no zones to choose from."
        case .duplicateChoiceID(let id): "More than one zone has the ID “\(id)”."
        case .unknownSelection(let id): "There is no zone with the ID “\(id)” to select."
        }
    }
}
