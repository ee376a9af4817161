// expect: conformance of 'Double' to 'RecordHistoryDepth' is unavailable
import Foundation
import StateRestore

/// A history depth inferred from a floating-point literal.
struct DepthAsDouble: RestorableState {
    static let kind = "depth-double"
    static let currentVersion = 1
    static let defaultValue = Self(text: "")
    static let historyDepth = 3.0
    var text: String
}
