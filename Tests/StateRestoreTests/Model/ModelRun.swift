import Foundation
import JSON
import StateStore

@testable import StateRestore

/// Runs one sequence against the model and the engine side by side: after every step, what
/// the engine answered must equal the model's prediction, each restorer's unwritten saves must
/// be the model's, and the file read back through the store's read API (records with their
/// versions, `minReaderVersion` and times, the quarantine, the sign-out generations) must be
/// the model's store. The tool's read verbs must change no byte of the folder.
@MainActor
struct ModelRun {
    typealias Slot = ModelOperation.Slot

    /// Where and why a sequence failed.
    struct Failure: Error, CustomStringConvertible {
        var step: Int
        var operation: ModelOperation
        var message: String
        var description: String { "step \(step) (\(operation)): \(message)" }
    }

    /// Which operation followed which, over every sequence run.
    final class Pairs {
        var counts: [String: Int] = [:]
        var operations = 0
        var sequences = 0

        func note(_ previous: String?, _ next: String) {
            operations += 1
            if let previous { counts["\(previous) \(next)", default: 0] += 1 }
        }

        /// The pairs never reached, as "first second".
        var missing: [String] {
            ModelOperation.names.flatMap { first in ModelOperation.names.map { "\(first) \($0)" } }.filter { counts[$0] == nil }
        }
    }

    /// Runs `operations`; the first failure, or nil.
    static func run(_ operations: [ModelOperation], pairs: Pairs? = nil) -> Failure? {
        do {
            var run = try ModelRun()
            defer { run.finish() }
            pairs?.sequences += 1
            var previous: String?
            for (step, operation) in operations.enumerated() {
                do {
                    guard try run.perform(operation) else { continue }
                    if ProcessInfo.processInfo.environment["RESTORECTL_MODEL_TRACE"] != nil {
                        let files = (try? FileManager.default.contentsOfDirectory(atPath: run.engine.folder.path(""))) ?? []
                        // Sizes by stat only: opening the database file here would drop this process's locks.
                        let sizes = files.sorted().map { "\($0):\((try? FileManager.default.attributesOfItem(atPath: run.engine.folder.path($0))[.size] as? Int) ?? -1)" }
                        print("model trace: \(step) \(operation): \(sizes)")
                    }
                    pairs?.note(previous, operation.name)
                    previous = operation.name
                    try run.check()
                } catch let failure as Failure {
                    return Failure(step: step, operation: operation, message: failure.message)
                } catch {
                    return Failure(step: step, operation: operation, message: "\(error)")
                }
            }
            return nil
        } catch {
            return Failure(step: -1, operation: .launch, message: "setting up: \(error)")
        }
    }

    var model = ContractModel()
    let engine: EngineHarness
    var writes = 0

    init() throws {
        engine = try EngineHarness()
    }

    /// Closes what is still open, so no restorer of a finished sequence holds the file.
    func finish() {
        for restorer in engine.restorers.values { try? restorer.close() }
        engine.endChildren()
    }

    private static func failure(_ message: String) -> Failure { Failure(step: 0, operation: .launch, message: message) }

    /// Performs `operation` on both sides and compares the answers; false when its target does
    /// not exist (a shrunk sequence) and it was skipped.
    mutating func perform(_ operation: ModelOperation) throws -> Bool {
        let expected: ContractModel.Outcome
        let actual: ContractModel.Outcome
        // This process's restorers, and the children still running.
        let restorers = model.restorers.indices.filter { !model.restorers[$0].isChild }
        let children = model.restorers.indices.filter { model.restorers[$0].isChild && !model.restorers[$0].isClosed }
        let isSlot = { (slot: Slot) in ContractModel.slots.contains(slot) }
        switch operation {
        case .launch:
            (expected, actual) = (model.launch(), engine.launch())
        case .childLaunch:
            (expected, actual) = (model.childLaunch(), try engine.childLaunch())
        case .childRestore(let c, let slot):
            guard children.contains(c), isSlot(slot) else { return false }
            (expected, actual) = (model.restore(c, slot), try engine.childRestore(c, slot))
        case .childSave(let c, let slot, let note, let kill):
            guard children.contains(c), isSlot(slot) else { return false }
            (expected, actual) = (model.childSave(c, slot, note, kill: kill), try engine.childSave(c, slot, note, kill: kill))
        case .childExit(let c):
            guard children.contains(c) else { return false }
            (expected, actual) = (model.close(c), try engine.childExit(c))
        case .restore(let r, let slot):
            guard restorers.contains(r), isSlot(slot) else { return false }
            (expected, actual) = (model.restore(r, slot), engine.restore(r, slot))
        case .save(let r, let slot, let note):
            guard restorers.contains(r), isSlot(slot) else { return false }
            (expected, actual) = (model.save(r, slot, note), engine.save(r, slot, note))
        case .persist(let r, let slot):
            guard restorers.contains(r), isSlot(slot), model.restorers[r].restorations[slot] != nil else { return false }
            (expected, actual) = (model.persist(r, slot), engine.persist(r, slot))
        case .change(let t, let note):
            guard model.trackings.indices.contains(t) else { return false }
            (expected, actual) = (model.change(t, note), engine.change(t, note))
        case .runTurns:
            (expected, actual) = (model.runTurns(), engine.runTurns())
        case .fireWindows(let r):
            guard restorers.contains(r) else { return false }
            (expected, actual) = (model.fireWindows(r), engine.fireWindows(r))
        case .flush(let r):
            guard restorers.contains(r) else { return false }
            (expected, actual) = (model.flush(r), engine.flush(r))
        case .close(let r):
            guard restorers.contains(r) else { return false }
            (expected, actual) = (model.close(r), engine.close(r))
        case .suspend(let r):
            guard restorers.contains(r) else { return false }
            (expected, actual) = (model.suspend(r), engine.suspend(r))
        case .resume(let r):
            guard restorers.contains(r) else { return false }
            (expected, actual) = (model.resume(r), engine.resume(r))
        case .discard(let r, let slot):
            guard restorers.contains(r), isSlot(slot) else { return false }
            (expected, actual) = (model.discard(r, slot), engine.discard(r, slot))
        case .signOut(let r, let account):
            guard restorers.contains(r), ContractModel.accounts.contains(account) else { return false }
            (expected, actual) = (model.signOut(r, account), engine.signOut(r, account))
        case .removeUnused(let r, let days):
            guard restorers.contains(r), days > 0 else { return false }
            (expected, actual) = (model.removeUnused(r, days: days), engine.removeUnused(r, days: days))
        case .advanceClock(let hours):
            guard hours > 0 else { return false }
            model.now += Double(hours) * 3_600
            engine.advanceClock(hours: hours)
            (expected, actual) = (.done, .done)
        case .removeItem(let id):
            guard model.items.contains(id) else { return false }
            model.items.removeAll { $0 == id }
            engine.items = model.items
            (expected, actual) = (.done, .done)
        case .insertItem(let id):
            guard !model.items.contains(id) else { return false }
            model.items.insert(id, at: model.items.count / 2)
            engine.items = model.items
            (expected, actual) = (.done, .done)
        case .moveItems:
            model.items.reverse()
            engine.items = model.items
            (expected, actual) = (.done, .done)
        case .write(let slot, let build):
            guard isSlot(slot) else { return false }
            writes += 1
            (expected, actual) = (model.write(slot, build, serial: writes), try engine.write(slot, build, serial: writes))
        case .toolPurge(let account):
            guard ContractModel.accounts.contains(account) else { return false }
            _ = model.purge(account)
            (expected, actual) = (.toolExit(0), try engine.tool(["purge", "--db", engine.path, "--account", account]))
        case .toolDiscard(let slot):
            guard isSlot(slot) else { return false }
            (expected, actual) = (model.toolDiscard(slot), try engine.tool(["discard", "--db", engine.path, "--scene", slot.scene, "--account", slot.account]))
        case .toolPrune(let days):
            guard days > 0 else { return false }
            (expected, actual) = (model.toolPrune(days: days), try engine.tool(["prune", "--db", engine.path, "--unused-for", "\(days)d"]))
        case .toolQuarantineRestore(let entry, let replacing):
            guard model.quarantine.indices.contains(entry), let id = try engine.quarantineID(entry) else { return false }
            let arguments = ["quarantine", "restore", "--db", engine.path, "--id", String(id)] + (replacing ? ["--replace"] : [])
            (expected, actual) = (model.toolQuarantineRestore(entry, replacing: replacing), try engine.tool(arguments))
        case .toolRead(let verb):
            let before = try engine.folderBytes()
            let arguments =
                switch verb {
                case .check: ["check", "--db", engine.path]
                case .status: ["status", "--db", engine.path]
                case .inspect: ["inspect", "--db", engine.path]
                case .quarantineList: ["quarantine", "list", "--db", engine.path]
                }
            _ = try engine.tool(arguments)
            let after = try engine.folderBytes()
            if before != after {
                let changed = Set(before.keys).union(after.keys).filter { before[$0] != after[$0] }.sorted()
                throw Self.failure("the read verb changed the folder: \(changed)")
            }
            (expected, actual) = (.done, .done)
        }
        if expected != actual { throw Self.failure("the engine answered \(actual), the contract says \(expected)") }
        return true
    }

    /// Compares every restorer's unwritten saves and the file with the model.
    func check() throws {
        for r in model.restorers.indices where !model.restorers[r].isChild {
            let expected = model.restorers[r].unwritten.map { "\($0.key) \($0.value)" }.sorted()
            let actual = engine.unwritten(r)
            if expected != actual { throw Self.failure("restorer \(r) lists unwritten saves \(actual), the contract says \(expected)") }
        }
        let expected = expectedFile()
        let actual = try fileOnDisk()
        if expected != actual {
            let missing = expected.filter { !actual.contains($0) }
            let extra = actual.filter { !expected.contains($0) }
            throw Self.failure("the file holds \(extra), the contract says \(missing)")
        }
    }

    /// The model's store as lines.
    func expectedFile() -> [String] {
        var lines = model.records.map { slot, record in
            Self.recordLine(slot, version: record.version, minReaderVersion: record.minReaderVersion, payload: ModelWrites.text(of: record), at: record.updatedAt)
        }
        lines += model.quarantine.map { "quarantine \($0.slot) v\($0.version.map(String.init) ?? "-") at \($0.updatedAt.map { String(Int($0)) } ?? "-") \($0.payload)" }
        lines += ContractModel.accounts.map { "generation \($0) \(model.generation($0))" }
        return lines.sorted()
    }

    /// The file as lines, read through the store's read API.
    func fileOnDisk() throws -> [String] {
        let store = try Store(readingExistingFileAt: engine.path)
        defer { store.close() }
        var lines: [String] = []
        try store.forEachRecord { record in
            let slot = Slot(account: record.account, scene: record.scene)
            lines.append(
                Self.recordLine(
                    slot, version: record.version, minReaderVersion: record.minReaderVersion, payload: String(decoding: record.payload, as: UTF8.self),
                    at: record.updatedAt))
        }
        lines += try store.quarantinedRecords().map {
            "quarantine \(Slot(account: $0.account, scene: $0.scene)) v\($0.version.map(String.init) ?? "-") at \($0.updatedAt.map { String(Int($0)) } ?? "-") \(String(decoding: $0.payload, as: UTF8.self))"
        }
        lines += try ContractModel.accounts.map { "generation \($0) \(try store.accountGeneration($0))" }
        return lines.sorted()
    }

    /// One record as a line: a JSON object's fields sorted (nulls dropped), other bytes as they are.
    static func recordLine(_ slot: Slot, version: Int, minReaderVersion: Int?, payload: String, at time: Double) -> String {
        var body = "bytes \(payload)"
        if let value = try? JSONValue.parse(payload), case .object(let object) = value {
            body = "fields " + object.keys.sorted().compactMap { key in object[key] == .null ? nil : "\(key)=\(object[key].map { "\($0)" } ?? "")" }.joined(separator: " ")
        }
        return "record \(slot) v\(version) min\(minReaderVersion.map(String.init) ?? "-") at \(Int(time)) \(body)"
    }
}
