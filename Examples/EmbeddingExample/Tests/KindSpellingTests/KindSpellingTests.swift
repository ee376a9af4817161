import Foundation
import StateRestore
import StateRestoreTesting
import Testing

/// A kind's policies take effect however an app spells them: written out as `Int` or `Int?`
/// (`Duration` or `Duration?`), computed or stored, or inferred from a literal. A requirement of
/// one fixed type was once silently missed by the other (`static var maxRecordBytes: Int {
/// 4096 }` compiled and the default, no budget, won). The kinds are declared in a package of
/// their own, as an app's are, and every check goes through the public API of a restorer.
@Suite struct KindSpellingTests {
    let file: TemporaryStateFile
    var path: String { file.path }
    let key: SceneKey
    let clock = ManualClock()
    /// Longer than any budget below allows (the record is about 120 bytes).
    let longText = String(repeating: "x", count: 100)

    init() throws {
        file = try TemporaryStateFile()
        key = try SceneKey(scene: "window")
    }

    private func refusesTheSaveOverItsBudget<State: RestorableState>(_ make: (String) -> State) throws {
        let restorer = StateRestorer(path: path)
        defer { try? restorer.close() }
        try restorer.save(make("short"), for: key)
        #expect(throws: (any Error).self, "\(State.kind) took a save over its budget") { try restorer.save(make(longText), for: key) }
        #expect(restorer.restore(State.self, key).state == make("short"), "\(State.kind): the stored record was not kept")
    }

    @Test func aBudgetTakesEffectWrittenAsIntOrOptionalComputedOrInferred() throws {
        try refusesTheSaveOverItsBudget(BudgetComputedInt.init(text:))
        try refusesTheSaveOverItsBudget(BudgetInferred.init(text:))
        try refusesTheSaveOverItsBudget(BudgetOptional.init(text:))
        try refusesTheSaveOverItsBudget(BudgetComputedOptional.init(text:))
    }

    @Test func aKindWithoutABudgetWritesTheLargerSave() throws {
        let restorer = StateRestorer(path: path)
        defer { try? restorer.close() }
        try restorer.save(BudgetNone(text: longText), for: key)
        #expect(restorer.restore(BudgetNone.self, key).state.text == longText)
    }

    /// Build A saves a scene once, then build B saves it `times` times; rolling back B puts A's
    /// record back only while the history still holds it: after three saves of B for a kind
    /// keeping three earlier records, and not after four.
    private func keepsThreeEarlierRecords<State: RestorableState>(_ make: (String) -> State) throws {
        let three = try SceneKey(scene: "three")
        let four = try SceneKey(scene: "four")
        for (build, saves) in [("A", [(three, "by A"), (four, "by A")]), ("B", [(three, "1"), (three, "2"), (three, "3"), (four, "1"), (four, "2"), (four, "3"), (four, "4")])] {
            let restorer = StateRestorer(path: path, configuration: clock.configuration(build: build))
            for (scene, text) in saves {
                clock.advance(by: 1)
                try restorer.save(make(text), for: scene)
            }
            try restorer.close()
        }
        let restorer = StateRestorer(path: path, configuration: clock.configuration())
        defer { try? restorer.close() }
        let result = try restorer.rollBack(kind: State.self, writtenBy: "B")
        #expect(result.rolledBack == [three] && result.nothingEarlier == [four], "\(State.kind): \(result)")
        #expect(restorer.restore(State.self, three).state == make("by A"), "\(State.kind)")
    }

    @Test func aHistoryDepthTakesEffectWrittenAsIntOrOptionalComputedOrInferred() throws {
        try keepsThreeEarlierRecords(DepthInferred.init(text:))
        try keepsThreeEarlierRecords(DepthOptional.init(text:))
        try keepsThreeEarlierRecords(DepthComputed.init(text:))
    }

    private func expiresAfterAMinute<State: RestorableState>(_ make: (String) -> State) throws {
        let saving = StateRestorer(path: path, configuration: clock.configuration())
        try saving.save(make("fresh"), for: key)
        try saving.close()
        clock.advance(by: 30)
        let early = StateRestorer(path: path, configuration: clock.configuration())
        let withinLifetime = early.restore(State.self, key)
        #expect(withinLifetime.state == make("fresh") && withinLifetime.report.isEmpty, "\(State.kind): \(withinLifetime.report)")
        early.completeRestore(withinLifetime)
        try early.close()
        clock.advance(by: 60)
        let late = StateRestorer(path: path, configuration: clock.configuration())
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
