import Foundation
import JSON
import Observation
import ScreenKinds
import ScreenModels
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
    /// The database file; ``relocate(_:)`` moves it.
    private(set) var path: String
    private var relocations = 0
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
    /// Where each tracking of the sequence lives, by its index: this process's `trackings`, or
    /// a child's own numbering.
    private var trackingPlaces: [(child: Int?, index: Int)] = []
    var items = [1, 2, 3, 4, 5, 6]
    private let keys: [Slot: SceneKey]

    /// The scratch file system the folder lives on, for the faults; nil on the usual one.
    let mount: ScratchMount?
    /// The child holding the file's write lock (a busy file), while it does.
    private var lockHolder: ChildProcess?

    init(on mount: ScratchMount? = nil) throws {
        var keys: [Slot: SceneKey] = [:]
        for slot in ContractModel.slots { keys[slot] = try SceneKey(scene: slot.scene, account: ModelAccountNames.engine(slot.account)) }
        self.keys = keys
        self.mount = mount
        let file = try StateFile(inside: mount?.root)
        folder = file.folder
        path = file.path
        let store = try StateDatabase.openForWriting(path)
        store.close()
    }

    var now: Double { time.withLock { $0 } }

    /// The app build the next launches run as (`DatabaseConfiguration.appBuild`).
    var build = "1.0"

    func advanceClock(hours: Int) { time.withLock { $0 += Double(hours) * 3_600 } }

    private var configuration: DatabaseConfiguration {
        var configuration = DatabaseConfiguration()
        let time = self.time
        configuration.clock = { time.withLock { $0 } }
        configuration.appBuild = build
        // On the scratch file system a busy file is one of the faults: a save waits for the
        // lock a short while, not the default five seconds (the holder holds it until told).
        if mount != nil { configuration.busyTimeoutMilliseconds = 20 }
        return configuration
    }

    // MARK: Faults

    /// Fills the scratch file system until it has no space left.
    func fillUp() throws { try mount!.fill() }

    /// Another process takes the file's write lock and holds it.
    func holdLock() throws {
        let holder = try ChildProcess(stress: ["model-child", "--db", path])
        try holder.readLines(until: "ready")
        holder.send("\(now) hold")
        guard holder.nextLine() == "held" else { throw ModelFailure("the lock holder did not hold the lock: \(holder.errorOutput())") }
        lockHolder = holder
    }

    /// Remounts the scratch file system read-only or writable again; whether it worked.
    func remount(readOnly: Bool) -> Bool {
        guard let mount, mount.remount(readOnly: readOnly) else { return false }
        isReadOnly = readOnly
        return true
    }

    private var isReadOnly = false

    /// Ends the fault: the space comes back, the lock holder lets go and ends, the file system
    /// is writable again.
    func clearFault() throws {
        if isReadOnly && !remount(readOnly: false) { throw ModelFailure("the tmpfs could not be remounted writable") }
        if let holder = lockHolder {
            lockHolder = nil
            holder.send("release")
            guard holder.nextLine() == "released" else { throw ModelFailure("the lock holder did not release the lock") }
            holder.waitForExit()
        }
        if let mount, FileManager.default.fileExists(atPath: mount.path("filler")) { try mount.emptyFiller() }
    }

    /// Whether the guard file beside restorer `r`'s database holds marks of crashed launches of
    /// the app's role (slots whose process is gone), looked at as a restorer that only reads
    /// looks: through this process's own descriptor of it when it has one (closing another
    /// would drop the locks this process holds on it), nothing created, locked or written.
    func guardFileBlamesCrashes(besideTheFileOf r: Int) -> Bool {
        !LaunchGuardFile.crashedMarksWithoutHandling(beside: restorers[r]!.path, role: .app).marks.isEmpty
    }

    /// Damages the database file's header in place (no restorer of any process has it open).
    func damage() throws {
        let descriptor = open(path, O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw ModelFailure("cannot open \(path) to damage it: errno \(errno)") }
        defer { _ = Foundation.close(descriptor) }
        let garbage = Array("not a database, damaged".utf8)
        guard pwrite(descriptor, garbage, garbage.count, 0) == garbage.count else { throw ModelFailure("cannot damage \(path): errno \(errno)") }
    }

    /// Removes the database and every file beside it, as `rm state.sqlite*` does, while this
    /// process's restorers keep it open (`unlink` only: opening the file here would drop every
    /// POSIX lock this process's connections hold on it).
    func removeFile() throws {
        let name = URL(fileURLWithPath: path).lastPathComponent
        for entry in try FileManager.default.contentsOfDirectory(atPath: folder.path("")) where entry.hasPrefix(name) {
            guard unlink(folder.path(entry)) == 0 else { throw ModelFailure("cannot remove \(entry): errno \(errno)") }
        }
    }

    // MARK: The engine's operations

    func launch() -> Outcome {
        let scheduler = ManualWriteScheduler()
        schedulers[launched] = scheduler
        restorers[launched] = StateRestorer(path: path, configuration: configuration, scheduler: scheduler)
        launched += 1
        return .done
    }

    /// A restorer of this process that only reads (`DatabaseConfiguration(access: .readOnly)`).
    func launchReader() -> Outcome {
        var configuration = configuration
        configuration.access = .readOnly
        let scheduler = ManualWriteScheduler()
        schedulers[launched] = scheduler
        restorers[launched] = StateRestorer(path: path, configuration: configuration, scheduler: scheduler)
        launched += 1
        return .done
    }

    // MARK: The child process

    func childLaunch(role: String = "app") throws -> Outcome {
        let child = try ChildProcess(stress: ["model-child", "--db", path, "--build", build, "--role", role])
        try child.readLines(until: "ready")
        children[launched] = child
        launched += 1
        return .done
    }

    func childRestore(_ c: Int, _ slot: Slot) throws -> Outcome {
        try Self.restored(try ask(c, "restore \(Self.words(slot))"))
    }

    /// The child restores `slot`, answers, and dies before completing the restore.
    func childCrash(_ c: Int, _ slot: Slot) throws -> Outcome {
        let answer = try ask(c, "restore \(Self.words(slot)) kill")
        let exit = children.removeValue(forKey: c)!.waitForExit()
        guard exit.wasKilled else { throw ModelFailure("the child did not die after its restore: \(exit)") }
        return try Self.restored(answer)
    }

    func childPersist(_ c: Int, _ slot: Slot) throws -> Outcome {
        let answer = try ask(c, "persist \(Self.words(slot))")
        guard answer.hasPrefix("persisting "), let index = Int(answer.dropFirst("persisting ".count)) else { return .threw(answer) }
        trackingPlaces.append((c, index))
        return .done
    }

    func childTurns(_ c: Int) throws -> Outcome { try ask(c, "turns") == "turns" ? .done : .threw("turns") }
    func childFire(_ c: Int) throws -> Outcome { try ask(c, "fire") == "fired" ? .done : .threw("fire") }

    /// The child's flush; with a kill point it dies before the flush or right after its commit.
    func childFlush(_ c: Int, kill: ModelOperation.KillPoint?) throws -> Outcome {
        guard let kill, let child = children.removeValue(forKey: c) else { return Self.scenes(try ask(c, "flush"), prefix: "flushed ") }
        child.send("\(now) flush \(kill.rawValue)")
        let exit = child.waitForExit()
        return exit.wasKilled ? .done : .threw("the child did not die at its kill point: \(exit)")
    }

    func childPrune(_ c: Int, days: Int) throws -> Outcome { Self.scenes(try ask(c, "prune \(days)"), prefix: "pruned ") }

    func childSignOut(_ c: Int, _ account: String) throws -> Outcome {
        purgedWhole = nil
        let answer = try ask(c, "sign-out \(ModelAccountNames.engine(account))")
        let words = answer.split(separator: " ")
        guard words.count == 3, words[0] == "signed-out", let count = Int(words[1]) else { return .threw(answer) }
        if words[2] == "whole" { purgedWhole = account }
        return .count(count)
    }

    /// `<prefix><scenes or ->` as the model's scenes, or what was refused.
    private static func scenes(_ answer: String, prefix: String) -> Outcome {
        guard answer.hasPrefix(prefix) else { return .threw(answer.hasPrefix("refused ") ? String(answer.dropFirst("refused ".count)) : answer) }
        let list = answer.dropFirst(prefix.count)
        if list == "-" { return .scenes([]) }
        // In the model's order (the engine's): the child sorts the names as Swift strings.
        return .scenes(
            list.split(separator: ",").compactMap { name in
                let parts = name.split(separator: "/")
                return parts.count == 2 ? Slot(account: ModelAccountNames.model(String(parts[0])), scene: String(parts[1])) : nil
            }.sorted())
    }

    /// A child's `restored …` answer as the model's outcome.
    private static func restored(_ answer: String) throws -> Outcome {
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
        let line = "save \(Self.words(slot)) \(ModelOperation.encode(note))" + (kill.map { " \($0.rawValue)" } ?? "")
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

    /// Ends every child still running, and any fault.
    func endChildren() {
        try? clearFault()
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
        trackingPlaces.append((nil, trackings.count))
        trackings.append((tracking, screen))
        return .done
    }

    func change(_ t: Int, _ note: ModelNote) throws -> Outcome {
        guard trackingPlaces.indices.contains(t) else { return .skipped }
        let place = trackingPlaces[t]
        guard let c = place.child else {
            trackings[place.index].screen.note = note
            return .done
        }
        // A tracking of a child that died changes nothing anywhere.
        guard children[c] != nil else { return .done }
        let answer = try ask(c, "change \(place.index) \(ModelOperation.encode(note))")
        return answer == "changed" ? .done : .threw(answer)
    }

    /// Cancels tracking `t` (this process's, or a child's, which has no cancel: skipped).
    func cancel(_ t: Int) -> Outcome {
        guard trackingPlaces.indices.contains(t), trackingPlaces[t].child == nil else { return .skipped }
        trackings[trackingPlaces[t].index].tracking.cancel()
        return .done
    }

    /// The child discards `slot`: another process's discard.
    func childDiscard(_ c: Int, _ slot: Slot) throws -> Outcome {
        let answer = try ask(c, "discard \(Self.words(slot))")
        if answer.hasPrefix("discarded "), let count = Int(answer.dropFirst("discarded ".count)) { return .count(count) }
        return .threw(answer.hasPrefix("refused ") ? String(answer.dropFirst("refused ".count)) : answer)
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

    /// Saves a snapshot of the account's shelf whose query is `query` (no books, no drafts).
    func saveShelf(_ r: Int, _ account: String, _ query: String) -> Outcome {
        Self.answer { try restorers[r]!.saveShelf(ShelfSnapshot(books: [], fetchedAt: Date(timeIntervalSince1970: now), query: query), shelf: "main", account: ModelAccountNames.engine(account)) }
    }

    /// Restores the account's shelf: its query, or `-` when none was restored.
    func restoreShelf(_ r: Int, _ account: String) -> Outcome {
        let restored = restorers[r]!.restoreShelf("main", account: ModelAccountNames.engine(account))
        let codes = restored.report.map(\.code.rawValue)
        return .restored(ModelNote(title: restored.snapshot?.query ?? "-", selected: nil, pinned: false), codes: codes, carried: .none)
    }

    /// `relocate(to:)` to a new file in the folder, or with `ownFileSuffix` onto the file's own
    /// name with that suffix beside it; the sequence goes on there when it moved.
    func relocate(_ r: Int, ontoOwnFile ownFileSuffix: String? = nil) -> Outcome {
        let destination: String
        if let ownFileSuffix {
            destination = path + ownFileSuffix
        } else {
            relocations += 1
            destination = folder.path("moved-\(relocations).sqlite")
        }
        do {
            let moved = try restorers[r]!.relocate(to: destination)
            path = destination
            return .count(moved)
        } catch RestoreError.databaseUnusable {
            return .threw("databaseUnusable")
        } catch {
            return .threw("refused")
        }
    }

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
        purgedWhole = nil
        do {
            let result = try restorers[r]!.signOut(account: ModelAccountNames.engine(account))
            if result.leavesNoTrace { purgedWhole = account }
            return .count(result.records)
        } catch {
            return .threw(Self.name(of: error))
        }
    }

    /// The account of the last ``signOut(_:_:)`` or ``childSignOut(_:_:)`` when it said
    /// nothing of the account remains (every page rewritten, the log truncated); nil otherwise.
    private(set) var purgedWhole: String?

    /// Whether the database file or its log holds the engine's name of `account`, byte for byte.
    /// Searched by a child process (`grep`, bytes as bytes), for the reason ``folderBytes()``
    /// gives: this process opening and closing the file would drop its connections' locks.
    func fileHoldsName(of account: String) throws -> Bool {
        let files = [path, path + "-wal"].filter { FileManager.default.fileExists(atPath: $0) }
        guard !files.isEmpty else { return false }
        let search = try ChildProcess(
            tool: URL(fileURLWithPath: "/bin/grep"), arguments: ["-F", "-a", "-q", "--", ModelAccountNames.engine(account)] + files, environment: ["LC_ALL": "C"])
        _ = search.remainingLines()
        let exit = search.waitForExit()
        guard exit.reason == .exit, exit.status <= 1 else { throw ModelFailure("grep for the account's name in the file ended with \(exit)") }
        return exit.status == 0
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
            ModelWrites.text(of: record), version: record.version, minReaderVersion: record.minReaderVersion, account: ModelAccountNames.engine(slot.account),
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

    /// Runs `restorectl arguments` with the sequence's clock; its exit status as it is.
    func toolStatus(_ arguments: [String]) throws -> Outcome {
        let child = try ChildProcess(restorectl: arguments, environment: ["RESTORECTL_NOW": String(now)])
        _ = child.remainingLines()
        let exit = child.waitForExit()
        _ = child.errorOutput()
        return .toolExit(exit.reason == .exit ? exit.status : -1)
    }

    /// `rollBack(kind:writtenBy:account:)` of restorer `r`, in the model's words.
    func rollBack(_ r: Int, build: String, account: String?) -> Outcome {
        do {
            let result = try restorers[r]!.rollBack(kind: ModelNote.self, writtenBy: build, account: account.map(ModelAccountNames.engine))
            let slots = { (keys: [SceneKey]) in keys.map(Self.slot) }
            // By reason, each list in its order: the scenes live, with a save pending, signed out.
            let refused = [(result.liveScenes, "sceneIsLive"), (result.pendingSaves, "saveIsPending"), (result.signedOutScenes, "accountSignedOut")]
                .flatMap { keys, reason in slots(keys).map { "\($0) \(reason)" } }
            return .rolledBack(slots(result.rolledBack), refused: refused, nothingEarlier: slots(result.nothingEarlier))
        } catch {
            return .threw(Self.name(of: error))
        }
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
            if parts.count == 2 { files[parts[1].trimmingCharacters(in: CharacterSet(charactersIn: " *"))] = String(parts[0]) }
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

    static func slot(_ key: SceneKey) -> Slot { Slot(account: ModelAccountNames.model(key.account), scene: key.scene) }

    /// `slot` as a child's command names it: the engine's account, then the scene.
    private static func words(_ slot: Slot) -> String { "\(ModelAccountNames.engine(slot.account)) \(slot.scene)" }

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
        case StoreError.sceneDiscarded: "sceneDiscarded"
        case StoreError.existingRecordKept: "existingRecordKept"
        case RestoreError.wouldReplaceNewerRecord(_, let version): "wouldReplaceNewerRecord(\(version))"
        case RestoreError.databaseUnusable: "databaseUnusable"
        case RestoreError.sceneIsLive: "sceneIsLive"
        case RestoreError.recordOverBudget: "recordOverBudget"
        case RestoreError.savesNotWritten(_, let scenes): "savesNotWritten(\(scenes.map(slot).sorted()))"
        case StoreError.fileMoved: "fileMoved"
        case let error as StoreError where error.sqliteCode.map { [.busy, .locked, .full, .ioError, .cannotOpen, .readOnly].contains($0) } == true: "storageRefused"
        default: "\(error)"
        }
    }

    static func name(of reason: UnwrittenSave.Reason) -> String {
        switch reason {
        case .newerRecordKept(let version): "newerRecordKept(\(version))"
        case .storedRecordNotSeen: "storedRecordNotSeen"
        case .accountSignedOut: "accountSignedOut"
        case .sceneDiscarded: "sceneDiscarded"
        case .overBudget: "overBudget"
        default: "\(reason)"
        }
    }
}
