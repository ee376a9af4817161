// expect: conformance of 'Double' to 'RecordByteBudget' is unavailable
import Foundation
import StateRestore

/// A budget inferred from a floating-point literal.
struct BudgetAsDouble: RestorableState {
    static let kind = "budget-double"
    static let currentVersion = 1
    static let defaultValue = Self(text: "")
    static let maxRecordBytes = 4096.0
    var text: String
}
