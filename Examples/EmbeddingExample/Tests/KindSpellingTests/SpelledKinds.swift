import StateRestore

// The kinds of KindSpellingTests: each declares one policy in one spelling.

// Budgets of 64 bytes, spelled four ways.
struct BudgetComputedInt: RestorableState {
    static let kind = "budget-computed"
    static let currentVersion = 1
    static let defaultValue = Self(text: "")
    static var maxRecordBytes: Int { 64 }
    var text: String
}
struct BudgetInferred: RestorableState {
    static let kind = "budget-inferred"
    static let currentVersion = 1
    static let defaultValue = Self(text: "")
    static let maxRecordBytes = 64
    var text: String
}
struct BudgetOptional: RestorableState {
    static let kind = "budget-optional"
    static let currentVersion = 1
    static let defaultValue = Self(text: "")
    static let maxRecordBytes: Int? = 64
    var text: String
}
struct BudgetComputedOptional: RestorableState {
    static let kind = "budget-computed-optional"
    static let currentVersion = 1
    static let defaultValue = Self(text: "")
    static var maxRecordBytes: Int? { 64 }
    var text: String
}
/// No budget of its own: the default (256 KiB, written and reported).
struct BudgetNone: RestorableState {
    static let kind = "budget-none"
    static let currentVersion = 1
    static let defaultValue = Self(text: "")
    var text: String
}

// Three earlier records, spelled three ways.
struct DepthInferred: RestorableState {
    static let kind = "depth-inferred"
    static let currentVersion = 1
    static let defaultValue = Self(text: "")
    static let historyDepth = 3
    var text: String
}
struct DepthOptional: RestorableState {
    static let kind = "depth-optional"
    static let currentVersion = 1
    static let defaultValue = Self(text: "")
    static let historyDepth: Int? = 3
    var text: String
}
struct DepthComputed: RestorableState {
    static let kind = "depth-computed"
    static let currentVersion = 1
    static let defaultValue = Self(text: "")
    static var historyDepth: Int { 3 }
    var text: String
}

// A minute's lifetime, spelled three ways.
struct LifetimeInferred: RestorableState {
    static let kind = "lifetime-inferred"
    static let currentVersion = 1
    static let defaultValue = Self(text: "")
    static let expiresAfter = Duration.seconds(60)
    var text: String
}
struct LifetimeComputed: RestorableState {
    static let kind = "lifetime-computed"
    static let currentVersion = 1
    static let defaultValue = Self(text: "")
    static var expiresAfter: Duration { .seconds(60) }
    var text: String
}
struct LifetimeOptional: RestorableState {
    static let kind = "lifetime-optional"
    static let currentVersion = 1
    static let defaultValue = Self(text: "")
    static let expiresAfter: Duration? = .seconds(60)
    var text: String
}
