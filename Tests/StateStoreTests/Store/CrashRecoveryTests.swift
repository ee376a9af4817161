import Foundation
import TestSupport
import Testing

@testable import StateStore

/// Real processes killed with SIGKILL at random points, then the real file is reopened.
///
/// The child prints a line only after the event it names (`acked` after the commit returned,
/// `progress` when a migration starts), and the parent chooses its kill point by how many lines
/// it has read: no sleeps. `RESTORECTL_LONG_TESTS=1` raises the counts (see `StressSettings`);
/// `RESTORECTL_TEST_SEED` replays a run's kill points.
@Suite(.serialized) struct CrashRecoveryTests {
    /// Scenes the save loop writes round-robin.
    static let scenes = 5
    /// Numbers given to each child; far more than it can save before it is killed, and each
    /// child gets its own range, so a stored number says which run wrote it.
    static let numbersPerChild = 1_000_000
    /// Lines of `migrate` output read before the kill in the first runs, so each phase is hit
    /// whatever the seed: 0 kills straight after launch, 1 after `ready` (opening, backing up),
    /// 3 after migration 2's first `progress` line, 6 after the first batch of migration 3's
    /// record upgrade. Later runs choose at random from every line the migration prints before
    /// `migrated` (`migrationLines`), so a kill may land in any batch of the record upgrade and
    /// in the last migration's table copy.
    static let firstMigrationKillPoints = [0, 1, 3, 6]

    /// The lines `migrate` prints from version 1 before `migrated`: `ready`, migration 2's
    /// `progress`, migration 3's two before its record upgrade and one per batch of it, and
    /// migration 4's.
    static func migrationLines(records: Int) -> Int {
        4 + (records + RecordRewriter.defaultBatchSize - 1) / RecordRewriter.defaultBatchSize + 1
    }

    @Test func killedSaveLoopKeepsEveryAcknowledgedSaveAndAnIntactFile() throws {
        let stateFile = try StateFile()
        var random = SeededGenerator(seed: StressSettings.seed)
        // Per scene, the lowest number the store may hold: the last acknowledged save, or a
        // later save already seen after an earlier kill (a commit seen once must stay).
        var floor: [String: Int] = [:]
        var killedMidRun = 0
        var unacknowledgedCommitsFound = 0
        for run in 0..<StressSettings.saveKills {
            let start = run * Self.numbersPerChild
            let child = try ChildProcess(stress: [
                "save-loop", "--db", stateFile.path, "--account", "a", "--scene-prefix", "s",
                "--scenes", "\(Self.scenes)", "--start", "\(start)", "--count", "\(Self.numbersPerChild)",
            ])
            try child.readLines(until: "ready")
            let acksBeforeKill = Int.random(in: 0...30, using: &random)
            var acks = 0
            while acks < acksBeforeKill, let line = child.nextLine() {
                try Self.record(ack: line, into: &floor)
                acks += 1
            }
            child.kill()
            // Lines printed between the last read and the kill are acknowledgements too.
            while let line = child.nextLine() { try Self.record(ack: line, into: &floor) }
            let exit = child.waitForExit()
            #expect(exit.wasKilled, "run \(run): \(child.commandLine) ended with \(exit), stderr: \(child.errorOutput())")
            if exit.wasKilled { killedMidRun += 1 }

            let acknowledged = floor
            let problems = try Self.problems(in: stateFile.path, floor: &floor, numbersBelow: start + Self.numbersPerChild)
            // A stored save newer than every ack: the kill fell between a commit and its ack.
            if floor.contains(where: { $0.value > acknowledged[$0.key, default: -1] }) { unacknowledgedCommitsFound += 1 }
            #expect(problems.isEmpty, "run \(run) (seed \(StressSettings.seed)): \(problems.joined(separator: "; "))")
            if !problems.isEmpty { break }
        }
        #expect(killedMidRun == StressSettings.saveKills)
        print("CrashRecoveryTests: \(killedMidRun) save-loop children killed, \(unacknowledgedCommitsFound) between a commit and its ack (seed \(StressSettings.seed))")
    }

    @Test func killedMigrationOfALargeDatabaseLeavesOneWholeVersionAndMigratesAgain() throws {
        let dir = try TemporaryDirectory()
        let records = StressSettings.migrationRecords
        let template = dir.path("large.sqlite")
        let maker = try ChildProcess(stress: ["make-large", "--db", template, "--records", "\(records)", "--upTo", "1"])
        try maker.readLines(until: "made \(records)")
        try #require(maker.waitForExit().isSuccess, "\(maker.commandLine): \(maker.errorOutput())")

        let migrator = try Migrator.withNoOpDataSteps()
        let latest = migrator.latestVersion
        // The child migrates with the real data steps; this one rewrites every version-1 record.
        let upgradeVersion = try #require(migrator.migrations.first { $0.declaredDataStep == "upgrade-catalog-records" }?.version)
        // The schema each version has when migrated from scratch: the only states allowed.
        var schemas: [Int: [String]] = [:]
        for version in 1...latest {
            let db = try Database(path: dir.path("schema-v\(version).sqlite"))
            try migrator.migrate(db, upTo: version)
            schemas[version] = try db.schemaDump()
            db.close()
        }

        var random = SeededGenerator(seed: StressSettings.seed)
        var versionsSeen: [Int: Int] = [:]
        for run in 0..<StressSettings.migrationKills {
            let path = dir.path("run.sqlite")
            try FileManager.default.copyItem(atPath: template, toPath: path)
            let child = try ChildProcess(stress: ["migrate", "--db", path])
            let kills = Self.firstMigrationKillPoints
            let linesBeforeKill = run < kills.count ? kills[run] : Int.random(in: 0...Self.migrationLines(records: records), using: &random)
            var read = 0
            while read < linesBeforeKill, let line = child.nextLine(), !line.hasPrefix("migrated") { read += 1 }
            child.kill()
            while child.nextLine() != nil {}
            let exit = child.waitForExit()
            #expect(exit.wasKilled || exit.isSuccess, "run \(run): \(exit), stderr: \(child.errorOutput())")

            let reader = try Database(path: path, configuration: DatabaseConfiguration(access: .readOnly))
            let version = try reader.scalarInt("PRAGMA user_version")
            let context = "run \(run), killed after \(read) lines, found version \(version) (seed \(StressSettings.seed))"
            #expect((1...latest).contains(version), "\(context)")
            #expect(try reader.schemaDump() == schemas[version], "\(context): the schema is not exactly that of version \(version)")
            #expect(try reader.scalarInt("SELECT count(*) FROM schema_history") == version, "\(context)")
            #expect(try reader.scalarInt("SELECT count(*) FROM scene_state") == records, "\(context)")
            // The record upgrade commits with its migration: all records rewritten or none.
            let unconverted = try reader.scalarInt("SELECT count(*) FROM scene_state WHERE version = 1")
            #expect(unconverted == (version < upgradeVersion ? records : 0), "\(context): \(unconverted) version-1 records")
            #expect(try reader.integrityCheck() == "ok", "\(context)")
            reader.close()
            versionsSeen[version, default: 0] += 1

            // Migrating again the way the app does (with the real data steps) completes.
            let again = try ChildProcess(stress: ["migrate", "--db", path])
            try again.readLines(until: "migrated \(latest)")
            #expect(again.waitForExit().isSuccess, "\(context): \(again.commandLine): \(again.errorOutput())")
            let store = try Store(path: path, migrator: .withNoOpDataSteps())
            #expect(store.schemaVersion == latest, "\(context)")
            #expect(try store.database.scalarInt("PRAGMA user_version") == latest, "\(context)")
            #expect(try store.database.schemaDump() == schemas[latest], "\(context)")
            #expect(try store.database.scalarInt("SELECT count(*) FROM scene_state") == records, "\(context)")
            #expect(try store.database.scalarInt("SELECT count(*) FROM scene_state WHERE version = 1") == 0, "\(context)")
            #expect(try store.integrityProblems().isEmpty, "\(context)")
            store.close()
            // Whichever process finished the migration, the version-1 backup is whole.
            let backup = try Database(path: path + ".backup-v1", configuration: DatabaseConfiguration(access: .readOnly))
            #expect(try backup.scalarInt("PRAGMA user_version") == 1, "\(context)")
            #expect(try backup.scalarInt("SELECT count(*) FROM scene_state") == records, "\(context)")
            #expect(try backup.integrityCheck() == "ok", "\(context)")
            backup.close()
            #expect(!FileManager.default.fileExists(atPath: path + ".backup-v1.partial"), "\(context): a partial backup was left behind")
            try Self.removeDatabase(at: path)
        }
        print("CrashRecoveryTests: \(StressSettings.migrationKills) migrations killed; versions found after the kill: \(versionsSeen.sorted { $0.key < $1.key })")
    }

    // MARK: Helpers

    /// Parses `acked <scene> <n>` and raises that scene's floor to `n`.
    private static func record(ack line: String, into floor: inout [String: Int]) throws {
        let parts = line.split(separator: " ")
        guard parts.count == 3, parts[0] == "acked", let number = Int(parts[2]), parts[1] == "s\(number % scenes)" else {
            throw ChildFailure("unexpected save-loop line: \(line)")
        }
        floor[String(parts[1]), default: number] = max(floor[String(parts[1]), default: number], number)
    }

    /// The payload the save loop writes for `number`.
    private static func payload(_ number: Int) -> String { #"{"query":"q\#(number)","seq":\#(number)}"# }

    /// Opens the file with the normal `Store` and lists everything wrong with it: integrity,
    /// acknowledged saves missing or rolled back, payloads that were never written. Raises each
    /// scene's floor to what is stored, so a later run may not lose it either.
    private static func problems(in path: String, floor: inout [String: Int], numbersBelow limit: Int) throws -> [String] {
        let store = try Store(path: path, migrator: .withNoOpDataSteps())
        defer { store.close() }
        var problems = try store.integrityProblems().map { "integrity_check: \($0)" }
        var stored: [String: Int] = [:]
        for summary in try store.recordSummaries() {
            guard summary.account == "a", let record = try store.record(account: summary.account, scene: summary.scene, kind: "catalog") else {
                problems.append("unexpected record \(summary.account)/\(summary.scene)")
                continue
            }
            let text = String(decoding: record.payload, as: UTF8.self)
            let object = try? JSONSerialization.jsonObject(with: record.payload) as? [String: Any]
            guard let number = object?["seq"] as? Int, payload(number) == text, record.version == 1,
                record.scene == "s\(number % scenes)", number < limit
            else {
                problems.append("\(record.scene) holds \(text) (version \(record.version)), which no child wrote")
                continue
            }
            stored[record.scene] = number
        }
        for (scene, lowest) in floor.sorted(by: { $0.key < $1.key }) {
            guard let number = stored[scene] else {
                problems.append("\(scene): acknowledged save \(lowest) is missing (no record)")
                continue
            }
            if number < lowest { problems.append("\(scene): holds \(number), older than acknowledged or seen \(lowest)") }
        }
        floor.merge(stored) { max($0, $1) }
        return problems
    }

    private static func removeDatabase(at path: String) throws {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        let name = URL(fileURLWithPath: path).lastPathComponent
        for file in try FileManager.default.contentsOfDirectory(atPath: folder.path) where file.hasPrefix(name) {
            try FileManager.default.removeItem(at: folder.appendingPathComponent(file))
        }
    }
}
