// expect: conformance of 'Double' to 'RecordByteBudget' is unavailable
import Foundation
import StateRestore

/// An optional budget of a floating-point type.
struct BudgetAsOptionalDouble: RestorableState {
    static let kind = "budget-optional-double"
    static let currentVersion = 1
    static let defaultValue = Self(text: "")
    static let maxRecordBytes: Double? = 4096
    var text: String
}
