import Foundation

/// Formatting stored times (seconds since 1970) for output.
enum Timestamps {
    static func iso8601(_ seconds: Double) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: Date(timeIntervalSince1970: seconds))
    }
}
