// expect: conformance of 'Int' to 'RecordLifetime' is unavailable
import Foundation
import StateRestore

/// A lifetime written as a number of seconds: an `Int`, not a `Duration`.
struct LifetimeAsSeconds: RestorableState {
    static let kind = "lifetime-seconds"
    static let currentVersion = 1
    static let defaultValue = Self(text: "")
    static let expiresAfter = 86_400
    var text: String
}
