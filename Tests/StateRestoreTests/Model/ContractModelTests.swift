import Foundation
import Testing

/// The contract as a model: seeded sequences of every operation (restores against changed
/// data, hand and persisted saves, flushes, closes, relaunches, discards, sign-outs, prunes,
/// expiry with the clock moved, suspension, other builds' records, damaged bytes, the tool's
/// verbs in a child process) run against the reference model and the engine side by side,
/// checked after every step. A failing sequence is shrunk and written under
/// `Fixtures/sequences/`, where every file replays as a regression case.
@MainActor
@Suite(.serialized) struct ContractModelTests {
    @Test func everySequenceTheDriverChoosesKeepsTheContract() throws {
        let settings = ModelSettings.fromEnvironment()
        let pairs = ModelRun.Pairs()
        let started = Date()
        print("model: \(settings.fixedSeeds.count) fixed seeds, \(settings.randomCount) random from RESTORECTL_MODEL_SEED=\(settings.baseSeed), \(settings.length) operations each")
        for seed in settings.seeds {
            if let seconds = settings.seconds, Date().timeIntervalSince(started) > seconds {
                print("model: stopped after \(Int(seconds)) s (RESTORECTL_MODEL_SECONDS) before seed \(seed)")
                break
            }
            let operations = ModelDriver.sequence(seed: seed, count: settings.length)
            guard let failure = ModelRun.run(operations, pairs: pairs) else { continue }
            let (minimal, minimalFailure) = ModelShrinker.shrink(operations, failure: failure)
            let text = ModelSequenceFile.text(seed: seed, failure: minimalFailure, operations: minimal)
            let file = ModelSequenceFile.folder.appendingPathComponent("seed-\(seed).txt")
            try? FileManager.default.createDirectory(at: ModelSequenceFile.folder, withIntermediateDirectories: true)
            try? text.write(to: file, atomically: true, encoding: .utf8)
            Issue.record("seed \(seed) fails (\(failure)); minimal sequence, written to \(file.path):\n\(text)")
            break
        }
        let missing = pairs.missing
        print(
            "model: \(pairs.sequences) sequences, \(pairs.operations) operations in \(Int(Date().timeIntervalSince(started))) s; "
                + "\(pairs.counts.count) operation pairs reached, \(missing.count) never")
        if ProcessInfo.processInfo.environment["RESTORECTL_MODEL_MATRIX"] != nil {
            for pair in pairs.counts.sorted(by: { $0.key < $1.key }) { print("model pair: \(pair.key) \(pair.value)") }
            for pair in missing { print("model pair never: \(pair)") }
        }
    }

    @Test func everyRecordedSequenceStillKeepsTheContract() throws {
        for file in try ModelSequenceFile.all() {
            let operations = try ModelSequenceFile.operations(in: file.text)
            if let failure = ModelRun.run(operations) {
                Issue.record("\(file.name) fails again: \(failure)")
            }
        }
    }
}
