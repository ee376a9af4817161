// expect: conformance of 'UInt' to 'RecordHistoryDepth' is unavailable
import Foundation
import StateRestore

/// A history depth in an unsigned integer.
struct DepthAsUInt: RestorableState {
    static let kind = "depth-uint"
    static let currentVersion = 1
    static let defaultValue = Self(text: "")
    static let historyDepth: UInt = 3
    var text: String
}
