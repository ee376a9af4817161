import Foundation
import StateStore
import TestSupport
import Testing

extension PowerLossSuite {
    /// Simulated power loss: each workload runs through the power-cut VFS, the power goes at a
    /// seeded write or sync (or after the last one) and the writes since each file's last sync are
    /// discarded or torn sector by sector. The files are then reopened with the ordinary VFS:
    ///
    /// - `integrity_check` is always ok and the file can be written again;
    /// - the file holds the state of one step that existed (never a mix, never a partial step);
    /// - `.powerSafe`: every acknowledged step is there;
    /// - `.crashSafe`: only steps after the last sync of the database or its log may be missing.
    ///
    /// A failing cut prints the line to add to `Fixtures/power-cuts/regressions.txt`, which
    /// `regressionSeedsStillHold` replays on every run. See `PowerCutSettings` for the counts.
    @Suite struct PowerCutTests {
        typealias Durability = DatabaseConfiguration.Durability

        /// One seeded cut of one workload.
        struct Cut: CustomStringConvertible {
            let workload: PowerCutWorkload
            let durability: Durability
            let seed: UInt64

            var description: String { "\(workload) \(durability) \(seed)" }
        }

        /// What the cuts of one test found, for its summary line.
        struct Tally {
            var cuts = 0, midRun = 0, torn = 0, lostAcknowledged = 0, failed: [String] = []
        }

        @Test(arguments: PowerCutWorkload.all, Durability.allCases)
        func powerCutLeavesAnIntactFileHoldingAStateThatExisted(workload: PowerCutWorkload, durability: Durability) throws {
            let dir = try TemporaryDirectory()
            let mutations = try Self.countMutations(of: workload, durability, in: dir)
            try #require(mutations > 0)
            var tally = Tally()
            for seed in PowerCutSettings.seeds(for: workload, durability) {
                try Self.run(Cut(workload: workload, durability: durability, seed: seed), mutations: mutations, in: dir, tally: &tally)
            }
            #expect(tally.cuts == PowerCutSettings.cutsPerCase)
            if durability == .powerSafe { #expect(tally.lostAcknowledged == 0) }
            print(
                "PowerCutTests: \(workload) \(durability): \(tally.cuts) cuts over \(mutations) writes and syncs, \(tally.midRun) mid-run, \(tally.torn) torn, \(tally.lostAcknowledged) lost acknowledged steps, \(tally.failed.count) failed\(PowerCutSettings.isLong ? " (RESTORECTL_TEST_SEED=\(PowerCutSettings.baseSeed))" : "")"
            )
            for line in tally.failed {
                print("PowerCutTests: failing cut; add this line to Fixtures/power-cuts/regressions.txt: \(line)")
            }
        }

        @Test func regressionSeedsStillHold() throws {
            let text = try String(contentsOf: PowerCutSettings.regressionFile, encoding: .utf8)
            let dir = try TemporaryDirectory()
            var mutations: [String: Int] = [:]
            var tally = Tally()
            for line in text.split(separator: "\n") where !line.hasPrefix("#") && !line.allSatisfy(\.isWhitespace) {
                let fields = line.split(separator: " ").map(String.init)
                let workload = fields.count == 3 ? PowerCutWorkload(fields[0]) : nil
                let durability = fields.count == 3 ? Durability(rawValue: fields[1]) : nil
                guard let workload, let durability, let seed = UInt64(fields[2]) else {
                    Issue.record("unreadable regression line: \(line)")
                    continue
                }
                let key = "\(workload) \(durability)"
                if mutations[key] == nil { mutations[key] = try Self.countMutations(of: workload, durability, in: dir) }
                try Self.run(Cut(workload: workload, durability: durability, seed: seed), mutations: mutations[key] ?? 0, in: dir, tally: &tally)
            }
            #expect(tally.failed.isEmpty)
        }

        // MARK: Running one cut

        /// The writes, truncates and syncs `workload` makes when nothing fails.
        static func countMutations(of workload: PowerCutWorkload, _ durability: Durability, in dir: TemporaryDirectory) throws -> Int {
            let folder = dir.path("count-\(workload)-\(durability)")
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let path = folder + "/state.sqlite"
            try workload.prepare(at: path)
            PowerCutVFS.arm(at: 0, mode: .discard, seed: 0)
            try workload.run(at: path, configuration: PowerCutVFS.configuration(durability), acknowledging: Acknowledgements())
            let mutations = PowerCutVFS.mutations
            // Drops whatever the cache still holds for these files.
            PowerCutVFS.cutNow(mode: .discard, seed: 0)
            PowerCutVFS.restore()
            return mutations
        }

        /// Runs `cut`: the power goes at a write or sync chosen by its seed, in a way its seed
        /// chooses; then the file is checked with the ordinary VFS.
        static func run(_ cut: Cut, mutations: Int, in dir: TemporaryDirectory, tally: inout Tally) throws {
            let folder = dir.path("cut-\(cut.workload)-\(cut.durability)-\(cut.seed)")
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let path = folder + "/state.sqlite"
            try cut.workload.prepare(at: path)

            var random = SeededGenerator(seed: cut.seed)
            let point = Int.random(in: 1...(mutations + 1), using: &random)
            let mode: PowerCutVFS.CutMode = random.next() % 3 == 0 ? .discard : .tear
            let tearSeed = random.next()
            let acks = Acknowledgements()
            PowerCutVFS.arm(at: point, mode: mode, seed: tearSeed)
            let outcome = Result { try cut.workload.run(at: path, configuration: PowerCutVFS.configuration(cut.durability), acknowledging: acks) }
            let isMidRun = PowerCutVFS.isOff
            if !isMidRun { PowerCutVFS.cutNow(mode: mode, seed: tearSeed) }
            let syncs = PowerCutVFS.databaseSyncs
            PowerCutVFS.restore()

            tally.cuts += 1
            if isMidRun { tally.midRun += 1 }
            if mode == .tear { tally.torn += 1 }
            let label = "\(cut) (power cut at write or sync \(point) of \(mutations), \(mode))"
            let issuesBefore = tally.failed.count
            defer { if tally.failed.count > issuesBefore { print("PowerCutTests: failed: \(label)") } }
            func fail(_ problem: String) {
                Issue.record("\(label): \(problem)")
                tally.failed.append(cut.description)
            }
            if case .failure(let error) = outcome, !isMidRun {
                return fail("failed with the power on: \(error)")
            }
            do {
                let db = try Database(path: path)
                let integrity = try db.fetchAll("PRAGMA integrity_check") { $0.string(0) ?? "" }
                db.close()
                guard integrity == ["ok"] else { return fail("integrity_check: \(integrity.joined(separator: "; "))") }
                guard let step = try cut.workload.recoveredStep(at: path, after: label) else {
                    return tally.failed.append(cut.description)
                }
                let acknowledged = acks.count
                let synced = acks.synced(bySyncs: syncs)
                let lowest = cut.durability == .powerSafe ? acknowledged : synced
                let highest = min(acknowledged + 1, cut.workload.steps)
                if step < acknowledged { tally.lostAcknowledged += 1 }
                guard (lowest...highest).contains(step) else {
                    return fail("holds step \(step); \(acknowledged) acknowledged, \(synced) of them synced")
                }
            } catch {
                fail("reopening failed: \(error)")
            }
        }
    }
}
