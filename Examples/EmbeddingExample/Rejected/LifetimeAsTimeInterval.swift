// expect: conformance of 'Double' to 'RecordLifetime' is unavailable
import Foundation
import StateRestore

/// A lifetime as Foundation's `TimeInterval` (a `Double`).
struct LifetimeAsTimeInterval: RestorableState {
    static let kind = "lifetime-interval"
    static let currentVersion = 1
    static let defaultValue = Self(text: "")
    static let expiresAfter: TimeInterval = 86_400
    var text: String
}
