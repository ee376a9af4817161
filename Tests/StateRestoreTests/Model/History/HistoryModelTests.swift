import Foundation
import StateStore
import TestSupport
import Testing

@testable import StateRestore

/// History and rollback as a model (issue #30 on issue #27's reference model): seeded sequences
/// of saves by launches of several builds, discards, sign-outs, rollbacks by build and the
/// tool's rollback by entry, run against ``HistoryModel`` and the engine side by side; after
/// every step each slot's record, its build stamp and its history read back from the file must
/// be the model's.
@Suite struct HistoryModelTests {
    typealias Slot = ModelOperation.Slot

    /// The engine's side: one restorer at a time, of the build of the latest launch.
    final class Engine {
        let folder: TemporaryDirectory
        let path: String
        var restorer: StateRestorer
        let clock = HandClock()

        init() throws {
            folder = try TemporaryDirectory()
            path = folder.path("state.sqlite")
            restorer = StateRestorer(path: path, configuration: clock.configuration(build: "1.0"))
        }

        func key(_ slot: Slot) throws -> SceneKey { try SceneKey(scene: slot.scene, account: slot.account) }

        func perform(_ operation: HistoryModelOperation) throws -> String {
            clock.advance(1)
            switch operation {
            case .launch(let build):
                try restorer.close()
                restorer = StateRestorer(path: path, configuration: clock.configuration(build: build))
                return "done"
            case .save(let slot, let value):
                do {
                    try restorer.save(JournalState(entry: value), for: key(slot))
                } catch StoreError.accountSignedOut {
                    return "refused"
                }
                return "done"
            case .discard(let slot):
                try restorer.discard([key(slot)])
                return "done"
            case .signOut(let account):
                _ = try restorer.signOut(account: account)
                return "done"
            case .rollBack(let build, let account):
                let result = try restorer.rollBack(kind: JournalState.self, writtenBy: build, account: account)
                let slots = { (keys: [SceneKey]) in keys.map { Slot(account: $0.account, scene: $0.scene) } }
                return "\(slots(result.rolledBack)) \(slots(result.nothingEarlier)) \(result.refused.count)"
            case .toolRollBack(let slot, let entry):
                let store = try StateDatabase.openExistingForWriting(path)
                defer { store.close() }
                do {
                    _ = try StateDatabase.rollBack(key(slot), kind: JournalState.kind, to: .entry(entry), in: store)
                    return "exit 0"
                } catch is RollbackError {
                    return "exit 66"
                }
            }
        }

        /// Each slot's record, stamp and history as the model's lines.
        func file() throws -> [String] {
            let store = try Store(readingExistingFileAt: path)
            defer { store.close() }
            let value = { (payload: Data) in (try? JSONDecoder().decode(JournalState.self, from: payload))?.entry ?? "?" }
            return try ContractModel.slots.map { slot in
                let record = try store.record(account: slot.account, scene: slot.scene, kind: JournalState.kind)
                let build = try store.recordBuild(account: slot.account, scene: slot.scene, kind: JournalState.kind)
                let history = try store.recordHistory(account: slot.account, scene: slot.scene, kind: JournalState.kind)
                let current = record.map { HistoryModel.Entry(value: value($0.payload), build: build).description } ?? "none"
                return "\(slot) \(current) [\(history.map { HistoryModel.Entry(value: value($0.payload), build: $0.build).description }.joined(separator: " "))]"
            }
        }
    }

    static func expected(_ model: HistoryModel) -> [String] {
        ContractModel.slots.map { slot in
            "\(slot) \(model.records[slot]?.description ?? "none") [\(model.history[slot, default: []].map(\.description).joined(separator: " "))]"
        }
    }

    /// Runs `operations`; the first step where the engine and the model differ, or nil.
    static func run(_ operations: [HistoryModelOperation]) throws -> String? {
        var model = HistoryModel(depth: JournalState.historyDepth)
        let engine = try Engine()
        defer { try? engine.restorer.close() }
        for (step, operation) in operations.enumerated() {
            let expected: String
            switch operation {
            case .launch(let build):
                model.launch(build)
                expected = "done"
            case .save(let slot, let value):
                expected = model.save(slot, value) ? "done" : "refused"
            case .discard(let slot):
                model.discard(slot)
                expected = "done"
            case .signOut(let account):
                model.signOut(account)
                expected = "done"
            case .rollBack(let build, let account):
                let result = model.rollBack(writtenBy: build, account: account)
                expected = "\(result.rolledBack) \(result.nothingEarlier) \(result.refused)"
            case .toolRollBack(let slot, let entry):
                expected = "exit \(model.toolRollBack(slot, entry: entry))"
            }
            let actual = try engine.perform(operation)
            if actual != expected { return "step \(step) (\(operation)): the engine answered \(actual), the model says \(expected)" }
            let file = try engine.file()
            if file != Self.expected(model) { return "step \(step) (\(operation)): the file holds \(file), the model says \(Self.expected(model))" }
        }
        return nil
    }

    @Test(arguments: 1...12)
    func everySeededSequenceKeepsTheHistoryContract(seed: Int) throws {
        let operations = HistoryModelOperation.sequence(seed: UInt64(seed), count: 60)
        if let failure = try Self.run(operations) {
            Issue.record("seed \(seed): \(failure)\n\(operations.map(\.description).joined(separator: "\n"))")
        }
    }

    /// The seeded sequences reach what they are for: records rolled back, by the app and the
    /// tool, rollbacks with nothing earlier, and saves of fenced slots refused (the model alone;
    /// a rollback's refusal of a fenced slot needs a second process, `RollbackTests` has it).
    @Test func theSeededSequencesReachEveryRollbackOutcome() {
        var rolledBack = 0
        var nothingEarlier = 0
        var refused = 0
        var toolPutBack = 0
        for seed in 1...12 {
            var model = HistoryModel(depth: JournalState.historyDepth)
            for operation in HistoryModelOperation.sequence(seed: UInt64(seed), count: 60) {
                switch operation {
                case .launch(let build): model.launch(build)
                case .save(let slot, let value): refused += model.save(slot, value) ? 0 : 1
                case .discard(let slot): model.discard(slot)
                case .signOut(let account): model.signOut(account)
                case .rollBack(let build, let account):
                    let result = model.rollBack(writtenBy: build, account: account)
                    (rolledBack, nothingEarlier) = (rolledBack + result.rolledBack.count, nothingEarlier + result.nothingEarlier.count)
                case .toolRollBack(let slot, let entry): toolPutBack += model.toolRollBack(slot, entry: entry) == 0 ? 1 : 0
                }
            }
        }
        #expect(rolledBack > 10 && nothingEarlier > 0 && refused > 0 && toolPutBack > 0, "\(rolledBack) \(nothingEarlier) \(refused) \(toolPutBack)")
    }
}
