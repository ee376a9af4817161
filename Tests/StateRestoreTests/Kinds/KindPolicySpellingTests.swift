import Foundation
import StateRestore
import StateStore
import TestSupport
import Testing

/// A kind's policies take effect however an app spells them: written out as `Int` or `Int?`
/// (`Duration` or `Duration?`), computed or stored, or inferred from a literal. Before, a
/// requirement of one fixed type was silently missed by the other: `static var
/// maxRecordBytes: Int { 4096 }` compiled and the default (no budget) won. Every kind here is
/// declared outside StateRestore, as an app's are, and each check goes through a restorer.
@Suite struct KindPolicySpellingTests {
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

    let file: StateFile
    let key: SceneKey
    let clock = HandClock()
    /// Longer than any budget above allows (the record is about 120 bytes).
    let longText = String(repeating: "x", count: 100)

    init() throws {
        file = try StateFile()
        key = try SceneKey(scene: "window")
    }

    private func refusesTheSaveOverItsBudget<State: RestorableState>(_ make: (String) -> State) throws {
        let restorer = StateRestorer(path: file.path)
        defer { try? restorer.close() }
        try restorer.save(make("short"), for: key)
        #expect(RecordKind(State.self).budget == 64 && RecordKind(State.self).declaresBudget, "\(State.kind)")
        #expect(throws: RestoreError.self, "\(State.kind) took a save over its budget") { try restorer.save(make(longText), for: key) }
        let restored = restorer.restore(State.self, key)
        #expect(restored.state == make("short"), "\(State.kind): the stored record was not kept")
    }

    @Test func aBudgetTakesEffectWrittenAsIntOrOptionalComputedOrInferred() throws {
        try refusesTheSaveOverItsBudget(BudgetComputedInt.init(text:))
        try refusesTheSaveOverItsBudget(BudgetInferred.init(text:))
        try refusesTheSaveOverItsBudget(BudgetOptional.init(text:))
        try refusesTheSaveOverItsBudget(BudgetComputedOptional.init(text:))
    }

    @Test func aKindWithoutABudgetWritesTheLargerSave() throws {
        let restorer = StateRestorer(path: file.path)
        defer { try? restorer.close() }
        #expect(!RecordKind(BudgetNone.self).declaresBudget && RecordKind(BudgetNone.self).budget == RecordSizeBreakdown.defaultBudget)
        try restorer.save(BudgetNone(text: longText), for: key)
        #expect(restorer.restore(BudgetNone.self, key).state.text == longText)
    }

    private func keepsThreeEarlierRecords<State: RestorableState>(_ make: (String) -> State) throws {
        let restorer = StateRestorer(path: file.path, configuration: clock.configuration(build: "1.0"))
        for number in 1...6 {
            clock.advance(1)
            try restorer.save(make("entry \(number)"), for: key)
        }
        try restorer.close()
        let store = try Store(path: file.path, migrator: StateMigrations.makeMigrator())
        defer { store.close() }
        let history = try store.recordHistory(account: key.account, scene: key.scene, kind: State.kind)
        #expect(history.count == 3, "\(State.kind) kept \(history.count) earlier records")
    }

    @Test func aHistoryDepthTakesEffectWrittenAsIntOrOptionalComputedOrInferred() throws {
        try keepsThreeEarlierRecords(DepthInferred.init(text:))
        try keepsThreeEarlierRecords(DepthOptional.init(text:))
        try keepsThreeEarlierRecords(DepthComputed.init(text:))
    }

    private func expiresAfterAMinute<State: RestorableState>(_ make: (String) -> State) throws {
        let saving = StateRestorer(path: file.path, configuration: clock.configuration(build: nil))
        try saving.save(make("fresh"), for: key)
        try saving.close()
        clock.advance(30)
        let early = StateRestorer(path: file.path, configuration: clock.configuration(build: nil))
        let withinLifetime = early.restore(State.self, key)
        #expect(withinLifetime.state == make("fresh") && withinLifetime.report.isEmpty, "\(State.kind): \(withinLifetime.report)")
        early.completeRestore(withinLifetime)
        try early.close()
        clock.advance(60)
        let late = StateRestorer(path: file.path, configuration: clock.configuration(build: nil))
        defer { try? late.close() }
        let expired = late.restore(State.self, key)
        #expect(expired.state == State.defaultValue && expired.report.map(\.code) == [.recordExpired], "\(State.kind): \(expired.report)")
    }

    @Test func aLifetimeTakesEffectWrittenAsDurationOrOptionalComputedOrInferred() throws {
        try expiresAfterAMinute(LifetimeInferred.init(text:))
        try expiresAfterAMinute(LifetimeComputed.init(text:))
        try expiresAfterAMinute(LifetimeOptional.init(text:))
    }
}
