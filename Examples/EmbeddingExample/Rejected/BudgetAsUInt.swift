// expect: conformance of 'UInt' to 'RecordByteBudget' is unavailable
import Foundation
import StateRestore

/// A budget in an unsigned integer: not an `Int`, so it is refused rather than ignored.
struct BudgetAsUInt: RestorableState {
    static let kind = "budget-uint"
    static let currentVersion = 1
    static let defaultValue = Self(text: "")
    static let maxRecordBytes: UInt = 4096
    var text: String
}
