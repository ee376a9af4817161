import Foundation
import JSON
import ScreenKinds
import StateRestore
import TestSupport

/// The one place where nondeterministic output is made comparable: temporary paths, the UTC
/// stamp in moved-aside file names, and wall-clock times.
struct FixtureNormalizer {
    /// The case's database path, printed as `$DB`.
    let databasePath: String
    /// The case's temporary folder, printed as `$TMP`.
    let temporaryFolder: String

    /// Members whose values are wall-clock times, replaced by `"<time>"`.
    static let timeMembers: Set<String> = ["updatedAt", "quarantinedAt", "savedAt", "appliedAt"]

    /// Replaces paths and corrupt-copy stamps in raw output text.
    func normalize(text: String) -> String {
        var text = text
        for (path, token) in [(databasePath, "$DB"), (temporaryFolder, "$TMP"), (PackageFolders.fixtures.path, "$FIXTURES")] {
            text = text.replacingOccurrences(of: path, with: token)
            text = text.replacingOccurrences(of: path.replacingOccurrences(of: "/", with: "\\/"), with: token)
        }
        return text.replacingOccurrences(
            of: #"\.corrupt-[0-9]{8}T[0-9]{6}Z(-[0-9]+)?"#, with: ".corrupt-<UTC>", options: .regularExpression
        )
    }

    /// Replaces wall-clock times in parsed output.
    func normalize(json value: JSONValue) -> JSONValue {
        switch value {
        case .object(let object):
            var normalized = JSONObject()
            for (key, member) in object {
                if Self.timeMembers.contains(key), case .string = member {
                    normalized[key] = .string("<time>")
                } else {
                    normalized[key] = normalize(json: member)
                }
            }
            return .object(normalized)
        case .array(let elements):
            return .array(elements.map { normalize(json: $0) })
        default:
            return value
        }
    }
}
