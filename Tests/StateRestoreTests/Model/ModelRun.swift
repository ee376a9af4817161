import Foundation
import JSON
import StateStore
import TestSupport

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

        /// The report codes restores answered, and how often.
        var codes: [String: Int] = [:]
        /// The steps under a storage fault, by the outcome the engine took: refused by the
        /// storage, or the ordinary one (written, or refused for another reason).
        var faults: [String: Int] = [:]

        /// What the history steps reached: rollbacks' outcomes, the tool's exits, history depths.
        var history: [String: Int] = [:]

        func noteHistory(_ operation: ModelOperation, _ outcome: ContractModel.Outcome, _ disk: ModelInvariants.Disk) {
            switch (operation, outcome) {
            case (.rollBack, .rolledBack(let slots, let refused, let nothingEarlier)):
                history["rollback rolled-back", default: 0] += slots.count
                history["rollback nothing-earlier", default: 0] += nothingEarlier.count
                for reason in refused { history["rollback refused \(reason.split(separator: " ").last ?? "")", default: 0] += 1 }
            case (.toolRollBack, .toolExit(let status)), (.toolRollBackBefore, .toolExit(let status)):
                history["\(operation.name) exit \(status)", default: 0] += 1
            case (.rollBack, .threw(let error)):
                history["rollback threw \(error)", default: 0] += 1
            default: break
            }
            for entries in disk.history.values { history["history depth \(entries.count)", default: 0] += 1 }
        }

        func noteCodes(_ list: [String]) {
            for code in list { codes[code, default: 0] += 1 }
        }

        /// A step under a fault, by the outcome the engine took; a restore that made its
        /// launch's crash check is counted apart (`restore-crash-check`).
        func noteFault(_ operation: ModelOperation, under fault: ModelOperation.Fault?, refused: Bool, checkingCrashes: Bool = false) {
            let name = checkingCrashes ? "restore-crash-check" : operation.name
            faults["\(fault?.rawValue ?? "-") \(name) \(refused ? "refused" : "ordinary")", default: 0] += 1
        }

        func note(_ previous: String?, _ next: String) {
            operations += 1
            if let previous { counts["\(previous) \(next)", default: 0] += 1 }
        }

        /// The pairs never reached, as "first second".
        var missing: [String] {
            ModelOperation.names.flatMap { first in ModelOperation.names.map { "\(first) \($0)" } }.filter { counts[$0] == nil }
        }
    }

    /// Runs `operations`; the first failure, or nil. A sequence with a storage fault runs on
    /// `mount` (its fault steps are skipped, with a printed reason, when there is none).
    static func run(_ operations: [ModelOperation], pairs: Pairs? = nil, mount: ScratchMount? = nil) -> Failure? {
        do {
            let needsMount = operations.contains { $0.needsScratchMount }
            var run = try ModelRun(on: needsMount ? mount : nil)
            if needsMount && mount == nil { print("model: skipped the fault steps: no scratch file system (a tmpfs needs root and mount)") }
            defer { run.finish() }
            pairs?.sequences += 1
            var previous: String?
            for (step, operation) in operations.enumerated() {
                do {
                    // A step the run skips (it does not apply, or not under the fault) notes nothing.
                    let invariantsBefore = run.invariants
                    run.invariants.noteBefore(operation, step: step, model: run.model)
                    let liveBefore = if case .discard(_, let slot) = operation { run.model.isLive(slot) } else { false }
                    guard let outcome = try run.perform(operation) else {
                        run.invariants = invariantsBefore
                        continue
                    }
                    if ProcessInfo.processInfo.environment["RESTORECTL_MODEL_TRACE"] != nil {
                        let files = (try? FileManager.default.contentsOfDirectory(atPath: run.engine.folder.path(""))) ?? []
                        // Sizes by stat only: opening the database file here would drop this process's locks.
                        let sizes = files.sorted().map { "\($0):\((try? FileManager.default.attributesOfItem(atPath: run.engine.folder.path($0))[.size] as? Int) ?? -1)" }
                        print("model trace: \(step) \(operation): \(sizes)")
                    }
                    pairs?.note(previous, operation.name)
                    previous = operation.name
                    if case .restored(_, let codes, _) = outcome { pairs?.noteCodes(codes) }
                    // A damaged file is not read back: the next launch moves it aside.
                    if run.damagedDigest != nil { continue }
                    let disk: ModelInvariants.Disk
                    var refused = run.refusedStep
                    do {
                        disk = try run.check()
                    } catch let failure as Failure {
                        // Both outcomes of a step under a fault answered alike: the file says which.
                        guard let alternative = run.alternative, Self.answers(outcome, as: alternative.outcome, underFault: true) else { throw failure }
                        run.model = alternative.model
                        disk = try run.check()
                        refused = true
                    }
                    if !refused && run.tellsTheCrashCheckRefusedByTheGuardFile(answered: outcome) { refused = true }
                    if run.isUnderFault { pairs?.noteFault(operation, under: run.fault, refused: refused, checkingCrashes: run.checkedCrashesUnderFault != nil) }
                    if let broken = run.invariants.check(operation, step: step, answered: outcome, liveBefore: liveBefore, before: run.disk, after: disk) {
                        throw Self.failure(broken)
                    }
                    run.disk = disk
                    pairs?.noteHistory(operation, outcome, disk)
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
    var invariants = ModelInvariants()
    /// The file as the latest step left it.
    var disk = ModelInvariants.Disk()

    /// The model as a step under a storage fault leaves it when its write is refused, and what
    /// the step then answers; nil when the step has no such outcome or it was taken.
    var alternative: (model: ContractModel, outcome: ContractModel.Outcome)?
    /// The storage fault on now.
    var fault: ModelOperation.Fault?
    /// Whether the latest step could have been refused by the fault, and whether it was.
    var isUnderFault = false
    var refusedStep = false
    /// The restorer whose restore made its launch's crash check under a fault at the latest
    /// step, if it was one.
    var checkedCrashesUnderFault: Int?
    /// The digest of the database file damaged in place, until a launch moves it aside.
    var damagedDigest: String?

    init(on mount: ScratchMount? = nil) throws {
        engine = try EngineHarness(on: mount)
    }

    /// Closes what is still open, so no restorer of a finished sequence holds the file.
    func finish() {
        for restorer in engine.restorers.values { try? restorer.close() }
        engine.endChildren()
    }

    private static func failure(_ message: String) -> Failure { Failure(step: 0, operation: .launch, message: message) }

    /// Performs `operation` on both sides and compares the answers; the engine's answer, or nil
    /// when its target does not exist (a shrunk sequence) and it was skipped.
    mutating func perform(_ operation: ModelOperation) throws -> ContractModel.Outcome? {
        let expected: ContractModel.Outcome
        let actual: ContractModel.Outcome
        // This process's restorers, and the children still running.
        let restorers = model.restorers.indices.filter { !model.restorers[$0].isChild }
        let children = model.restorers.indices.filter { model.restorers[$0].isChild && !model.restorers[$0].isClosed }
        let isSlot = { (slot: Slot) in ContractModel.slots.contains(slot) }
        if fault != nil && !operation.runsUnderFault { return nil }
        if damagedDigest != nil && !operation.runsOnDamagedFile { return nil }
        if model.asksAnOrphanWhatIsNotModelled(operation) || model.asksAReaderWhatIsNotModelled(operation) { return nil }
        let snapshot = model
        alternative = nil
        checkedCrashesUnderFault = nil
        switch operation {
        case .launch:
            let readsOnly = model.launchesReadingOnly
            (expected, actual) = (model.launch(), engine.launch())
            if readsOnly { model.launchReadingOnly(model.restorers.count - 1) }
            try movedAside(opening: model.restorers.count - 1)
        case .launchReader:
            // Not while a fault is on or the file is damaged (``ContractModel/asksAReaderWhatIsNotModelled(_:)``).
            guard fault == nil, damagedDigest == nil else { return nil }
            (expected, actual) = (model.launchReader(), engine.launchReader())
        case .childLaunch:
            (expected, actual) = (model.childLaunch(), try engine.childLaunch())
            try movedAside(opening: model.restorers.count - 1)
        case .childLaunchExtension:
            // On a file a launch has made and nobody damaged: an extension never creates or
            // moves one aside.
            guard !model.restorers.isEmpty, damagedDigest == nil else { return nil }
            (expected, actual) = (model.childLaunch(isExtension: true), try engine.childLaunch(role: "extension"))
        case .fault(let kind):
            guard engine.mount != nil, (kind == .clear) == (fault != nil) else { return nil }
            let cleared = fault
            fault = kind == .clear ? nil : kind
            switch kind {
            case .full:
                try engine.fillUp()
                model.isFull = true
            case .busy: try engine.holdLock()
            case .readOnly:
                // Nothing may hold the file open for writing while it is remounted read-only.
                try closeEverything()
                if engine.remount(readOnly: true) {
                    model.isReadOnly = true
                } else {
                    print("model: skipped the read-only fault: the tmpfs could not be remounted read-only")
                    fault = nil
                }
            case .clear:
                try engine.clearFault()
                model.isReadOnly = false
                model.isFull = false
                // The lock's holder closes: a connection that opened the file for writing,
                // the last one, on a writable file system, takes the log files a killed child
                // left with it (model sequence
                // Fixtures/sequences/the-busy-faults-holder-takes-the-log-files-a-killed-child-left.txt, found by a fresh soak seed).
                if cleared == .busy { model.forgetLogFilesIfLastClosed(closingOneThatHeldThem: true) }
            }
            (expected, actual) = (.done, .done)
        case .damage:
            try closeEverything()
            try engine.damage()
            damagedDigest = try engine.folderBytes()[engine.path]
            (expected, actual) = (.done, .done)
        case .removeFile:
            try exitChildren()
            try engine.removeFile()
            (expected, actual) = (model.removeFile(), engine.launch())
        case .childRestore(let c, let slot):
            guard children.contains(c), isSlot(slot) else { return nil }
            (expected, actual) = (model.restore(c, slot), try engine.childRestore(c, slot))
        case .childSave(let c, let slot, let note, let kill):
            guard children.contains(c), isSlot(slot) else { return nil }
            (expected, actual) = (model.childSave(c, slot, note, kill: kill), try engine.childSave(c, slot, note, kill: kill))
        case .childExit(let c):
            guard children.contains(c) else { return nil }
            (expected, actual) = (model.close(c), try engine.childExit(c))
        case .childCrash(let c, let slot):
            guard children.contains(c), isSlot(slot) else { return nil }
            (expected, actual) = (model.childCrash(c, slot), try engine.childCrash(c, slot))
        case .childPersist(let c, let slot):
            guard children.contains(c), isSlot(slot), model.restorers[c].restorations[slot] != nil else { return nil }
            (expected, actual) = (model.persist(c, slot), try engine.childPersist(c, slot))
        case .childTurns(let c):
            guard children.contains(c) else { return nil }
            (expected, actual) = (model.runTurns(ofChild: c), try engine.childTurns(c))
        case .childFire(let c):
            guard children.contains(c) else { return nil }
            (expected, actual) = (model.fireWindows(c), try engine.childFire(c))
        case .childFlush(let c, let kill):
            guard children.contains(c) else { return nil }
            (expected, actual) = (model.childFlush(c, kill: kill), try engine.childFlush(c, kill: kill))
        case .childPrune(let c, let days):
            guard children.contains(c), days > 0 else { return nil }
            (expected, actual) = (model.removeUnused(c, days: days), try engine.childPrune(c, days: days))
        case .childDiscard(let c, let slot):
            guard children.contains(c), isSlot(slot) else { return nil }
            (expected, actual) = (model.discard(c, slot), try engine.childDiscard(c, slot))
        case .cancel(let t):
            // A child's trackings are never cancelled (the child has no such line).
            guard model.trackings.indices.contains(t), !model.restorers[model.trackings[t].restorer].isChild else { return nil }
            (expected, actual) = (model.cancel(t), engine.cancel(t))
        case .childSignOut(let c, let account):
            guard children.contains(c), ContractModel.accounts.contains(account) else { return nil }
            (expected, actual) = (model.signOut(c, account), try engine.childSignOut(c, account))
        case .restore(let r, let slot):
            guard restorers.contains(r), isSlot(slot) else { return nil }
            // Under a fault, its launch's crash check or its move of an unreadable record to the
            // quarantine may be refused (refusedByStorage).
            if fault != nil && model.checksCrashesRestoring(r) { checkedCrashesUnderFault = r }
            (expected, actual) = (model.restore(r, slot), engine.restore(r, slot))
        case .save(let r, let slot, let note):
            guard restorers.contains(r), isSlot(slot) else { return nil }
            (expected, actual) = (model.save(r, slot, note), engine.save(r, slot, note))
        case .persist(let r, let slot):
            guard restorers.contains(r), isSlot(slot), model.restorers[r].restorations[slot] != nil else { return nil }
            (expected, actual) = (model.persist(r, slot), engine.persist(r, slot))
        case .change(let t, let note):
            guard model.trackings.indices.contains(t) else { return nil }
            (expected, actual) = (model.change(t, note), try engine.change(t, note))
        case .runTurns:
            (expected, actual) = (model.runTurns(), engine.runTurns())
        case .fireWindows(let r):
            guard restorers.contains(r) else { return nil }
            (expected, actual) = (model.fireWindows(r), engine.fireWindows(r))
        case .flush(let r):
            guard restorers.contains(r) else { return nil }
            (expected, actual) = (model.flush(r), engine.flush(r))
        case .close(let r):
            guard restorers.contains(r) else { return nil }
            (expected, actual) = (model.close(r), engine.close(r))
        case .shelfSave(let r, let account, let query):
            guard restorers.contains(r), ContractModel.accounts.contains(account) else { return nil }
            (expected, actual) = (model.saveShelf(r, account, query), engine.saveShelf(r, account, query))
        case .shelfRestore(let r, let account):
            guard restorers.contains(r), ContractModel.accounts.contains(account) else { return nil }
            (expected, actual) = (model.restoreShelf(r, account), engine.restoreShelf(r, account))
        case .relocate(let r):
            guard restorers.contains(r) else { return nil }
            (expected, actual) = (model.relocate(r), engine.relocate(r))
        case .relocateOntoOwnFile(let r, let suffix):
            guard restorers.contains(r) else { return nil }
            (expected, actual) = (model.relocate(r, ontoOwnFile: true), engine.relocate(r, ontoOwnFile: suffix))
        case .suspend(let r):
            guard restorers.contains(r) else { return nil }
            (expected, actual) = (model.suspend(r), engine.suspend(r))
        case .resume(let r):
            guard restorers.contains(r) else { return nil }
            (expected, actual) = (model.resume(r), engine.resume(r))
        case .discard(let r, let slot):
            guard restorers.contains(r), isSlot(slot) else { return nil }
            (expected, actual) = (model.discard(r, slot), engine.discard(r, slot))
        case .signOut(let r, let account):
            guard restorers.contains(r), ContractModel.accounts.contains(account) else { return nil }
            (expected, actual) = (model.signOut(r, account), engine.signOut(r, account))
        case .removeUnused(let r, let days):
            guard restorers.contains(r), days > 0 else { return nil }
            (expected, actual) = (model.removeUnused(r, days: days), engine.removeUnused(r, days: days))
        case .advanceClock(let hours):
            guard hours > 0 else { return nil }
            model.now += Double(hours) * 3_600
            engine.advanceClock(hours: hours)
            (expected, actual) = (.done, .done)
        case .removeItem(let id):
            guard model.items.contains(id) else { return nil }
            model.items.removeAll { $0 == id }
            engine.items = model.items
            (expected, actual) = (.done, .done)
        case .insertItem(let id):
            guard !model.items.contains(id) else { return nil }
            model.items.insert(id, at: model.items.count / 2)
            engine.items = model.items
            (expected, actual) = (.done, .done)
        case .moveItems:
            model.items.reverse()
            engine.items = model.items
            (expected, actual) = (.done, .done)
        case .write(let slot, let build):
            guard isSlot(slot) else { return nil }
            writes += 1
            (expected, actual) = (model.write(slot, build, serial: writes), try engine.write(slot, build, serial: writes))
        case .toolPurge(let account):
            guard ContractModel.accounts.contains(account) else { return nil }
            (expected, actual) = (model.toolPurge(account), try engine.tool(["purge", "--db", engine.path, "--account", ModelAccountNames.engine(account)]))
        case .toolDiscard(let slot):
            guard isSlot(slot) else { return nil }
            (expected, actual) = (model.toolDiscard(slot), try engine.toolStatus(["discard", "--db", engine.path, "--scene", slot.scene, "--account", ModelAccountNames.engine(slot.account)]))
        case .toolPrune(let days):
            guard days > 0 else { return nil }
            (expected, actual) = (model.toolPrune(days: days), try engine.tool(["prune", "--db", engine.path, "--unused-for", "\(days)d"]))
        case .toolQuarantineRestore(let entry, let replacing):
            guard model.quarantine.indices.contains(entry), let id = try engine.quarantineID(entry) else { return nil }
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
                case .history: ["history", "--db", engine.path, "--scene", "s1", "--account", ModelAccountNames.engine("alice"), "--kind", ModelNote.kind]
                }
            _ = try engine.tool(arguments)
            let after = try engine.folderBytes()
            if before != after {
                let changed = Set(before.keys).union(after.keys).filter { before[$0] != after[$0] }.sorted()
                throw Self.failure("the read verb changed the folder: \(changed)")
            }
            (expected, actual) = (.done, .done)
        case .newBuild(let build):
            guard ModelOperation.appBuilds.contains(build) else { return nil }
            model.build = build
            engine.build = build
            (expected, actual) = (.done, .done)
        case .rollBack(let r, let build, let account):
            guard restorers.contains(r), account.map(ContractModel.accounts.contains) ?? true else { return nil }
            (expected, actual) = (model.rollBack(r, build: build, account: account), engine.rollBack(r, build: build, account: account))
        case .toolRollBack(let slot, let number):
            guard isSlot(slot) else { return nil }
            let arguments = ["rollback", "--db", engine.path, "--scene", slot.scene, "--account", ModelAccountNames.engine(slot.account), "--kind", ModelNote.kind, "--to", String(number)]
            (expected, actual) = (model.toolRollBack(slot, to: number), try engine.toolStatus(arguments))
        case .toolRollBackBefore(let slot, let build):
            guard isSlot(slot) else { return nil }
            let arguments = ["rollback", "--db", engine.path, "--scene", slot.scene, "--account", ModelAccountNames.engine(slot.account), "--kind", ModelNote.kind, "--before-build", build]
            (expected, actual) = (model.toolRollBack(slot, before: build), try engine.toolStatus(arguments))
        }
        model.settleHistory()
        if fault != nil {
            var refusing = snapshot
            if let refused = refusing.refusedByStorage(operation) {
                refusing.settleHistory()
                alternative = (refusing, refused)
            }
        }
        isUnderFault = alternative != nil
        refusedStep = false
        if !Self.answers(actual, as: expected, underFault: fault != nil) {
            if let alternative, Self.answers(actual, as: alternative.outcome, underFault: true) {
                model = alternative.model
                self.alternative = nil
                refusedStep = true
            } else {
                throw Self.failure("the engine answered \(actual), the contract says \(expected)")
            }
        }
        try checkNothingOfASignedOutAccountRemains(after: operation, answered: actual)
        return actual
    }

    /// After a sign-out (a child's, or the tool's purge) that said nothing remains (no page left
    /// unrewritten, the log truncated), no byte of the account's name is left in the file or its
    /// log: every record, quarantined record, history entry and mark of the account named it,
    /// and the keys that remember it are hashed. The harness's connections open with
    /// `secure_delete` off, as SQLite's own build opens them (``SQLiteOwnDefaults``), so an
    /// engine that left zeroing to the platform's build and did not rewrite the pages at the
    /// purge would leave the bytes of the records its saves replaced (the engine before both
    /// did: the fixture `a-sign-out-leaves-no-byte-of-a-record-a-save-replaced-where-sqlite-keeps-them.txt`).
    private func checkNothingOfASignedOutAccountRemains(after operation: ModelOperation, answered actual: ContractModel.Outcome) throws {
        let account: String
        switch operation {
        case .signOut(_, let signedOut) where engine.purgedWhole == signedOut, .childSignOut(_, let signedOut) where engine.purgedWhole == signedOut:
            account = signedOut
        case .toolPurge(let purged) where actual == .toolExit(0): account = purged
        default: return
        }
        if try engine.fileHoldsName(of: account) {
            throw Self.failure("the sign-out of \(account) said nothing of it remains, and its name is still in the file or its log")
        }
    }

    /// Whether the engine's answer `actual` is `expected`: equal, or under a fault the same
    /// restore with `restore-unguarded` once among its codes (the crash-loop mark could not be
    /// written, the guard file could not grow on a full file system: applied unguarded, and the
    /// report says so).
    static func answers(_ actual: ContractModel.Outcome, as expected: ContractModel.Outcome, underFault: Bool) -> Bool {
        if actual == expected { return true }
        guard underFault, case .restored(let note, let codes, let carried) = expected, case .restored(_, let actualCodes, _) = actual else { return false }
        return actualCodes.filter { $0 == "restore-unguarded" }.count == 1 && actual == .restored(note, codes: actualCodes, carried: carried)
            && actualCodes.filter { $0 != "restore-unguarded" } == codes
    }

    /// After a restore whose crash check ran under a fault, when the check's two outcomes
    /// answered alike and leave the file alike (none of the records it blamed was stored any
    /// more, so nothing moved either way): the guard file tells them apart. A check whose
    /// transaction committed forgot the crashed launches' marks; one the storage refused kept
    /// them for a later launch. Takes the refused outcome when the guard file still holds
    /// crashed marks of the app's role and the model forgot them; whether it did.
    mutating func tellsTheCrashCheckRefusedByTheGuardFile(answered outcome: ContractModel.Outcome) -> Bool {
        guard let r = checkedCrashesUnderFault, let alternative, Self.answers(outcome, as: alternative.outcome, underFault: true) else { return false }
        guard model.blame.isEmpty, !alternative.model.blame.isEmpty else { return false }
        var refusing = self
        refusing.model = alternative.model
        guard refusing.expectedFile() == expectedFile(), engine.guardFileBlamesCrashes(besideTheFileOf: r) else { return false }
        model = alternative.model
        self.alternative = nil
        return true
    }

    /// Closes every restorer of this process and ends every child, each compared with the model.
    mutating func closeEverything() throws {
        for r in model.restorers.indices where !model.restorers[r].isClosed {
            let (expected, actual) = model.restorers[r].isChild ? (model.close(r), try engine.childExit(r)) : (model.close(r), engine.close(r))
            if expected != actual { throw Self.failure("closing \(r) before the damage, the engine answered \(actual), the contract says \(expected)") }
        }
    }

    /// Ends every child, each compared with the model (it exits as it would at a quit).
    mutating func exitChildren() throws {
        for c in model.restorers.indices where model.restorers[c].isChild && !model.restorers[c].isClosed {
            let (expected, actual) = (model.close(c), try engine.childExit(c))
            if expected != actual { throw Self.failure("child \(c) exiting before the removal answered \(actual), the contract says \(expected)") }
        }
    }

    /// After a launch: when the file was damaged, the launch moved it aside unchanged and
    /// started an empty one.
    mutating func movedAside(opening r: Int) throws {
        guard let digest = damagedDigest else { return }
        damagedDigest = nil
        model.startFresh(r)
        disk = ModelInvariants.Disk()
        invariants.fileMovedAside()
        let files = try engine.folderBytes()
        guard files.contains(where: { $0.key != engine.path && $0.value == digest }) else {
            throw Self.failure("the damaged file was not moved aside unchanged: the folder holds \(files.keys.sorted())")
        }
    }

    /// Compares every restorer's unwritten saves and the file with the model; the file as read.
    func check() throws -> ModelInvariants.Disk {
        for r in model.restorers.indices where !model.restorers[r].isChild {
            let expected = model.restorers[r].unwritten.map { "\($0.key) \($0.value)" }.sorted()
            let actual = engine.unwritten(r)
            if expected != actual { throw Self.failure("restorer \(r) lists unwritten saves \(actual), the contract says \(expected)") }
        }
        let expected = expectedFile()
        let (actual, disk) = try fileOnDisk()
        if expected != actual {
            let missing = expected.filter { !actual.contains($0) }
            let extra = actual.filter { !expected.contains($0) }
            throw Self.failure("the file holds \(extra), the contract says \(missing)")
        }
        return disk
    }

    /// The model's store as lines.
    func expectedFile() -> [String] {
        var lines = model.records.map { slot, record in
            Self.recordLine(slot, version: record.version, minReaderVersion: record.minReaderVersion, payload: ModelWrites.text(of: record), at: record.updatedAt)
        }
        lines += model.quarantine.map { Self.quarantineLine($0.slot, version: $0.version, at: $0.updatedAt, payload: $0.payload) }
        lines += ContractModel.accounts.map { "generation \($0) \(model.generation($0))" }
        for slot in ContractModel.slots {
            if let build = model.stampedBuild(slot) { lines.append("stamp \(slot) \(build)") }
            for (number, entry) in model.history[slot, default: []].enumerated() {
                let record = entry.record
                lines.append(
                    Self.historyLine(
                        slot, number + 1, version: record.version, minReaderVersion: record.minReaderVersion, payload: ModelWrites.text(of: record),
                        at: record.updatedAt, build: entry.build, replacedAt: entry.replacedAt))
            }
        }
        return lines.sorted()
    }

    /// The file as lines, read through the store's read API, and as the invariants read it.
    func fileOnDisk() throws -> ([String], ModelInvariants.Disk) {
        let store = try Store(readingExistingFileAt: engine.path)
        defer { store.close() }
        var lines: [String] = []
        var disk = ModelInvariants.Disk()
        try store.forEachRecord { record in
            let slot = Slot(account: ModelAccountNames.model(record.account), scene: record.scene)
            let payload = String(decoding: record.payload, as: UTF8.self)
            let line = Self.recordLine(slot, version: record.version, minReaderVersion: record.minReaderVersion, payload: payload, at: record.updatedAt)
            lines.append(line)
            var title: String?
            if let value = try? JSONValue.parse(payload), case .object(let object) = value, case .string(let text)? = object["title"] { title = text }
            disk.records[slot] = (record.version, title, line)
            disk.bodies[slot] = Self.body(payload)
        }
        let quarantined = try store.quarantinedRecords()
        disk.quarantine = quarantined.map { Self.body(String(decoding: $0.payload, as: UTF8.self)) }
        lines += quarantined.map {
            Self.quarantineLine(Slot(account: ModelAccountNames.model($0.account), scene: $0.scene), version: $0.version, at: $0.updatedAt, payload: String(decoding: $0.payload, as: UTF8.self))
        }
        lines += try ContractModel.accounts.map { "generation \($0) \(try store.accountGeneration(ModelAccountNames.engine($0)))" }
        for slot in ContractModel.slots {
            if let build = try store.recordBuild(account: ModelAccountNames.engine(slot.account), scene: slot.scene, kind: ModelNote.kind) { lines.append("stamp \(slot) \(build)") }
            let entries = try store.recordHistory(account: ModelAccountNames.engine(slot.account), scene: slot.scene, kind: ModelNote.kind)
            for (number, entry) in entries.enumerated() {
                let payload = String(decoding: entry.payload, as: UTF8.self)
                lines.append(
                    Self.historyLine(
                        slot, number + 1, version: entry.version, minReaderVersion: entry.minReaderVersion, payload: payload, at: entry.updatedAt,
                        build: entry.build, replacedAt: entry.replacedAt))
                disk.history[slot, default: []].append(Self.body(payload))
            }
        }
        return (lines.sorted(), disk)
    }

    /// One record as a line: a JSON object's fields sorted (nulls dropped), other bytes as they are.
    static func recordLine(_ slot: Slot, version: Int, minReaderVersion: Int?, payload: String, at time: Double) -> String {
        "record \(slot) v\(version) min\(minReaderVersion.map(String.init) ?? "-") at \(Int(time)) \(body(payload))"
    }

    /// One history entry (`number`, 1 the newest) as a line, its payload as a record's.
    static func historyLine(
        _ slot: Slot, _ number: Int, version: Int, minReaderVersion: Int?, payload: String, at time: Double, build: String?, replacedAt: Double
    ) -> String {
        "history \(slot) #\(number) v\(version) min\(minReaderVersion.map(String.init) ?? "-") at \(Int(time)) build \(build ?? "-") "
            + "replaced \(Int(replacedAt)) \(body(payload))"
    }

    /// One quarantine entry as a line, its payload as a record's.
    static func quarantineLine(_ slot: Slot, version: Int?, at time: Double?, payload: String) -> String {
        "quarantine \(slot) v\(version.map(String.init) ?? "-") at \(time.map { String(Int($0)) } ?? "-") \(body(payload))"
    }

    /// A payload's JSON object fields sorted (nulls dropped), other bytes as they are.
    static func body(_ payload: String) -> String {
        guard let value = try? JSONValue.parse(payload), case .object(let object) = value else { return "bytes \(payload)" }
        return "fields " + object.keys.sorted().compactMap { key in object[key] == .null ? nil : "\(key)=\(object[key].map { "\($0)" } ?? "")" }.joined(separator: " ")
    }
}
