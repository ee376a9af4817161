import Foundation
import JSON
import Observation
import StateRestoreTesting
import StateStore
import TestSupport

@testable import StateRestore

/// The real side of a model-based sequence: restorers of one SQLite file in this process, its
/// clock, turns and writes run by hand, and the built `restorectl` run as a child process for
/// the tool's verbs. Each operation answers in the model's terms (``ContractModel/Outcome``).
@MainActor
final class EngineHarness {
    typealias Slot = ModelOperation.Slot
    typealias Outcome = ContractModel.Outcome

    /// A screen's model: one observed property, what `persist` reads.
    @MainActor
    @Observable
    final class Screen {
        var note: ModelNote
        init(_ note: ModelNote) { self.note = note }
    }

    let folder: TemporaryDirectory
    let path: String
    private let time = Locked(ContractModel.startTime)
    private let turns = ManualTurnScheduler()
    /// The restorers of this process, by their index in the sequence.
    private(set) var restorers: [Int: StateRestorer] = [:]
    private var schedulers: [Int: ManualWriteScheduler] = [:]
    /// The live child processes (`restorectl-stress model-child`), by their index.
    private var children: [Int: ChildProcess] = [:]
    private var launched = 0
    private var restorations: [Int: [Slot: Restoration<ModelNote>]] = [:]
    private(set) var trackings: [(tracking: PersistenceTracking, screen: Screen)] = []
    var items = [1, 2, 3, 4, 5, 6]
    private let keys: [Slot: SceneKey]

    init() throws {
        var keys: [Slot: SceneKey] = [:]
        for slot in ContractModel.slots { keys[slot] = try SceneKey(scene: slot.scene, account: slot.account) }
        self.keys = keys
        folder = try TemporaryDirectory()
        path = folder.path("state.sqlite")
        let store = try StateDatabase.openForWriting(path)
        store.close()
    }

    var now: Double { time.withLock { $0 } }

    func advanceClock(hours: Int) { time.withLock { $0 += Double(hours) * 3_600 } }

    private var configuration: DatabaseConfiguration {
        var configuration = DatabaseConfiguration()
        let time = self.time
        configuration.clock = { time.withLock { $0 } }
        return configuration
    }

    // MARK: The engine's operations

    func launch() -> Outcome {
        let scheduler = ManualWriteScheduler()
        schedulers[launched] = scheduler
        restorers[launched] = StateRestorer(path: path, configuration: configuration, scheduler: scheduler)
        launched += 1
        return .done
    }

    // MARK: The child process

    func childLaunch() throws -> Outcome {
        let child = try ChildProcess(stress: ["model-child", "--db", path])
        try child.readLines(until: "ready")
        children[launched] = child
        launched += 1
        return .done
    }

    func childRestore(_ c: Int, _ slot: Slot) throws -> Outcome {
        let answer = try ask(c, "restore \(slot.account) \(slot.scene)")
        let words = answer.split(separator: " ").map(String.init)
        guard words.count == 5, words[0] == "restored", let note = ModelOperation(line: "change 0 \(words[2])").flatMap(Self.note) else {
            throw ModelFailure("the child answered \(answer)")
        }
        var carried = ContractModel.Carried()
        if words[3] != "-" { carried.extra = words[3] }
        let format = words[4].split(separator: "/").compactMap { Int($0) }
        if format.count == 2 { carried.newerFormat = (format[0], format[1]) }
        return .restored(note, codes: words[1] == "-" ? [] : words[1].split(separator: ",").map(String.init), carried: carried)
    }

    func childSave(_ c: Int, _ slot: Slot, _ note: ModelNote, kill: ModelOperation.KillPoint?) throws -> Outcome {
        let line = "save \(slot.account) \(slot.scene) \(ModelOperation.encode(note))" + (kill.map { " \($0.rawValue)" } ?? "")
        guard kill != nil, let child = children.removeValue(forKey: c) else {
            let answer = try ask(c, line)
            return answer == "saved" ? .done : .threw(String(answer.dropFirst("refused ".count)))
        }
        child.send("\(now) \(line)")
        let exit = child.waitForExit()
        return exit.wasKilled ? .done : .threw("the child did not die at its kill point: \(exit)")
    }

    func childExit(_ c: Int) throws -> Outcome {
        let answer = try ask(c, "exit")
        children.removeValue(forKey: c)?.waitForExit()
        return answer == "closed" ? .done : .threw(answer)
    }

    /// Sends `line` at the sequence's time to child `c`; its answer.
    private func ask(_ c: Int, _ line: String) throws -> String {
        guard let child = children[c] else { throw ModelFailure("no child \(c)") }
        child.send("\(now) \(line)")
        guard let answer = child.nextLine() else { throw ModelFailure("child \(c) ended: \(child.waitForExit()) \(child.errorOutput())") }
        return answer
    }

    private static func note(_ operation: ModelOperation) -> ModelNote? {
        if case .change(_, let note) = operation { return note }
        return nil
    }

    /// Ends every child still running.
    func endChildren() {
        for child in children.values {
            child.kill()
            child.waitForExit()
        }
        children = [:]
    }

    func restore(_ r: Int, _ slot: Slot) -> Outcome {
        let restored = restorers[r]!.restore(ModelNote.self, key(slot), against: items)
        restorations[r, default: [:]][slot] = restored
        return .restored(restored.state, codes: restored.report.map(\.code.rawValue), carried: Self.carried(restored.carriedFields))
    }

    func save(_ r: Int, _ slot: Slot, _ note: ModelNote) -> Outcome {
        Self.answer { try restorers[r]!.save(note, for: key(slot)) }
    }

    func persist(_ r: Int, _ slot: Slot) -> Outcome {
        guard let restored = restorations[r]?[slot] else { return .skipped }
        let screen = Screen(restored.state)
        let tracking = restorers[r]!.persist(from: restored, turns: turns) { screen.note }
        trackings.append((tracking, screen))
        return .done
    }

    func change(_ t: Int, _ note: ModelNote) -> Outcome {
        guard trackings.indices.contains(t) else { return .skipped }
        trackings[t].screen.note = note
        return .done
    }

    func runTurns() -> Outcome {
        turns.runPendingTurns()
        return .done
    }

    func fireWindows(_ r: Int) -> Outcome {
        schedulers[r]!.fireAll()
        return .done
    }

    func flush(_ r: Int) -> Outcome {
        do {
            return .scenes(try restorers[r]!.flush().map(Self.slot).sorted())
        } catch {
            return .threw(Self.name(of: error))
        }
    }

    func close(_ r: Int) -> Outcome { Self.answer { try restorers[r]!.close() } }
    func suspend(_ r: Int) -> Outcome { Self.answer { try restorers[r]!.suspend() } }

    func resume(_ r: Int) -> Outcome {
        do {
            return .scenes(try restorers[r]!.resume().map(Self.slot).sorted())
        } catch {
            return .threw(Self.name(of: error))
        }
    }

    func discard(_ r: Int, _ slot: Slot) -> Outcome {
        do {
            return .count(try restorers[r]!.discard([key(slot)]))
        } catch {
            return .threw(Self.name(of: error))
        }
    }

    func signOut(_ r: Int, _ account: String) -> Outcome {
        do {
            return .count(try restorers[r]!.signOut(account: account).records)
        } catch {
            return .threw(Self.name(of: error))
        }
    }

    func removeUnused(_ r: Int, days: Int) -> Outcome {
        do {
            return .scenes(try restorers[r]!.removeScenes(unusedFor: .seconds(Int64(days) * 86_400)).map(Self.slot).sorted())
        } catch {
            return .threw(Self.name(of: error))
        }
    }

    /// Another build writes `slot` through its own store, with no rules.
    func write(_ slot: Slot, _ build: ModelOperation.Build, serial: Int) throws -> Outcome {
        let record = ModelWrites.record(build, serial: serial, at: now)
        let store = try Store(path: path, migrator: StateMigrations.makeMigrator())
        defer { store.close() }
        try store.saveRecord(
            ModelWrites.text(of: record), version: record.version, minReaderVersion: record.minReaderVersion, account: slot.account,
            scene: slot.scene, kind: ModelNote.kind, at: now)
        return .done
    }

    // MARK: The tool, as a child process

    /// Runs `restorectl arguments` with the sequence's clock; its exit status (0, or 1 for any
    /// failure).
    func tool(_ arguments: [String]) throws -> Outcome {
        let child = try ChildProcess(restorectl: arguments, environment: ["RESTORECTL_NOW": String(now)])
        _ = child.remainingLines()
        let exit = child.waitForExit()
        _ = child.errorOutput()
        return .toolExit(exit.isSuccess ? 0 : 1)
    }

    /// The id of the `index`-th quarantine entry, oldest first.
    func quarantineID(_ index: Int) throws -> Int64? {
        let store = try Store(readingExistingFileAt: path)
        defer { store.close() }
        let entries = try store.quarantinedRecords()
        return entries.indices.contains(index) ? entries[index].id : nil
    }

    /// Every file of the folder with a digest of its bytes, but the `-shm` (shared memory
    /// between connections, which a reader's read marks change: no data). The digests are
    /// taken by a child process (`sha256sum`): this process must not open and close the
    /// database file itself, which would drop every POSIX lock its connections hold on it.
    func folderBytes() throws -> [String: String] {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path("")).filter { !$0.hasSuffix("-shm") }.sorted()
        guard !names.isEmpty else { return [:] }
        let digest = try ChildProcess(tool: URL(fileURLWithPath: "/usr/bin/sha256sum"), arguments: names.map { folder.path($0) })
        let lines = digest.remainingLines()
        digest.waitForExit()
        var files: [String: String] = [:]
        for line in lines {
            let parts = line.split(separator: " ", maxSplits: 1)
            if parts.count == 2 { files[String(parts[1])] = String(parts[0]) }
        }
        return files
    }

    // MARK: Reading back

    /// What the engine's restorer `r` lists as unwritten, as "slot reason".
    func unwritten(_ r: Int) -> [String] {
        restorers[r]!.unwrittenSaves.map { "\(Self.slot($0.key)) \(Self.name(of: $0.reason))" }.sorted()
    }

    /// The key of one of the model's slots (the runner skips any other).
    private func key(_ slot: Slot) -> SceneKey { keys[slot]! }

    static func slot(_ key: SceneKey) -> Slot { Slot(account: key.account, scene: key.scene) }

    static func carried(_ fields: JSONObject) -> ContractModel.Carried {
        var carried = ContractModel.Carried()
        if case .string(let extra)? = fields["extra"] { carried.extra = extra }
        if case .integer(let version)? = fields["version"], case .integer(let minimum)? = fields["minReaderVersion"] {
            carried.newerFormat = (Int(version), Int(minimum))
        }
        return carried
    }

    static func answer(_ body: () throws -> Void) -> Outcome {
        do {
            try body()
            return .done
        } catch {
            return .threw(name(of: error))
        }
    }

    /// An error by the name the model gives it.
    static func name(of error: any Error) -> String {
        switch error {
        case StoreError.accountSignedOut: "accountSignedOut"
        case StoreError.existingRecordKept: "existingRecordKept"
        case RestoreError.wouldReplaceNewerRecord(_, let version): "wouldReplaceNewerRecord(\(version))"
        case RestoreError.databaseUnusable: "databaseUnusable"
        case RestoreError.sceneIsLive: "sceneIsLive"
        default: "\(error)"
        }
    }

    static func name(of reason: UnwrittenSave.Reason) -> String {
        switch reason {
        case .newerRecordKept(let version): "newerRecordKept(\(version))"
        case .storedRecordNotSeen: "storedRecordNotSeen"
        case .accountSignedOut: "accountSignedOut"
        default: "\(reason)"
        }
    }
}
