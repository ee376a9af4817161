// expect: conformance of 'Double' to 'RecordLifetime' is unavailable
import Foundation
import StateRestore

/// An optional lifetime as a `TimeInterval`.
struct LifetimeAsOptionalTimeInterval: RestorableState {
    static let kind = "lifetime-optional-interval"
    static let currentVersion = 1
    static let defaultValue = Self(text: "")
    static let expiresAfter: TimeInterval? = 86_400
    var text: String
}
