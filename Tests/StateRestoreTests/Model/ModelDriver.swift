import TestSupport

/// Picks a sequence's operations with weights, from a seed: the same seed, the same sequence.
/// It reads a model of its own as it goes (without the engine), so most operations it picks
/// have a target: a restorer that exists, a restoration to persist, a quarantine entry.
struct ModelDriver {
    typealias Slot = ModelOperation.Slot

    private var random: SeededGenerator
    private var model = ContractModel()
    private var serial = 0
    /// Whether the sequence has storage faults (it runs on a scratch file system).
    private let faults: Bool
    private var fault: ModelOperation.Fault?
    private var isDamaged = false
    /// What the history steps answered in the driver's model, and the deepest history seen.
    private(set) var reached: [String: Int] = [:]

    init(seed: UInt64, faults: Bool = false) {
        random = SeededGenerator(seed: seed)
        self.faults = faults
    }

    /// A sequence of `count` operations, beginning with a launch; with `faults`, storage faults
    /// (a full file system, a busy file) and a file damaged in place among them.
    static func sequence(seed: UInt64, count: Int, faults: Bool = false) -> [ModelOperation] {
        generate(seed: seed, count: count, faults: faults).operations
    }

    /// A sequence, and what its history steps reached in the driver's model.
    static func generate(seed: UInt64, count: Int, faults: Bool = false) -> (operations: [ModelOperation], reached: [String: Int]) {
        var driver = ModelDriver(seed: seed, faults: faults)
        var operations: [ModelOperation] = [.launch]
        _ = driver.model.launch()
        // One sequence in four without faults opens a reader at once, before anything is saved:
        // its restores must show every later save (it once showed the state of its open).
        if !faults && driver.chance(25) {
            operations.append(.launchReader)
            _ = driver.model.launchReader()
        }
        while operations.count < count {
            var operation = driver.next()
            // While a fault is on or the file is damaged, what can take part; and of an orphan,
            // what the model follows.
            for _ in 0..<40
            where (driver.fault != nil && !operation.runsUnderFault) || (driver.isDamaged && !operation.runsOnDamagedFile)
                || driver.model.asksAnOrphanWhatIsNotModelled(operation) || driver.model.asksAReaderWhatIsNotModelled(operation)
            {
                operation = driver.next()
            }
            if driver.model.asksAnOrphanWhatIsNotModelled(operation) || driver.model.asksAReaderWhatIsNotModelled(operation) { operation = .runTurns }
            if driver.fault != nil && !operation.runsUnderFault { operation = .fault(.clear) }
            if driver.isDamaged && !operation.runsOnDamagedFile { operation = .launch }
            driver.apply(operation)
            operations.append(operation)
        }
        return (operations, driver.reached)
    }

    private mutating func pick<T>(_ values: [T]) -> T { values[Int.random(in: 0..<values.count, using: &random)] }
    private mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &random) < percent }

    private mutating func note() -> ModelNote {
        serial += 1
        // Now and then one over the kind's budget.
        let title = chance(4) ? "t\(serial)" + String(repeating: "x", count: ModelNote.longTitle) : "t\(serial)"
        return ModelNote(title: title, selected: chance(20) ? nil : Int.random(in: 0...7, using: &random), pinned: chance(50))
    }

    /// A restorer of this process that may write (not a reader), most often an open one.
    private mutating func restorer() -> Int {
        let own = model.restorers.indices.filter { !model.restorers[$0].isChild && !model.restorers[$0].readsOnly }
        let open = own.filter { !model.restorers[$0].isClosed }
        if !open.isEmpty && chance(85) { return pick(open) }
        return pick(own)
    }

    /// This process's readers not closed.
    private var openReaders: [Int] { model.restorers.indices.filter { model.restorers[$0].readsOnly && !model.restorers[$0].isClosed } }

    /// The running children.
    private var children: [Int] { model.restorers.indices.filter { model.restorers[$0].isChild && !model.restorers[$0].isClosed } }
    /// The running children that have not restored yet (their first restore checks for crashes).
    private var freshChildren: [Int] { children.filter { model.restorers[$0].crashCheck == nil } }

    private mutating func next() -> ModelOperation {
        let restorations = model.restorers.indices.filter { !model.restorers[$0].isChild && !model.restorers[$0].readsOnly }.flatMap { r in
            model.restorers[r].restorations.keys.sorted().map { (r, $0) }
        }
        let childRestorations = children.flatMap { c in model.restorers[c].restorations.keys.sorted().map { (c, $0) } }
        let choices: [(weight: Int, make: (inout ModelDriver) -> ModelOperation)] = [
            (14, { $0.restoreOperation() }),
            // Half the hand saves go to a slot that holds a record, most often one whose history is
            // deepest (it fills up to the kind's depth and is trimmed).
            (8, { .save(restorer: $0.restorer(), slot: $0.chance(50) ? $0.historySlot() : $0.pick(ContractModel.slots), note: $0.note()) }),
            (
                restorations.isEmpty ? 0 : 7,
                { driver in
                    let (r, slot) = driver.pick(restorations)
                    return .persist(restorer: r, slot: slot)
                }
            ),
            (model.trackings.isEmpty ? 0 : 12, { .change(tracking: $0.pick(Array($0.model.trackings.indices)), note: $0.note()) }),
            (ownTrackings.isEmpty ? 0 : 3, { .cancel(tracking: $0.pick($0.ownTrackings)) }),
            (6, { _ in .runTurns }),
            (5, { .fireWindows(restorer: $0.restorer()) }),
            (6, { .flush(restorer: $0.restorer()) }),
            (2, { .close(restorer: $0.restorer()) }),
            (1, { .relocate(restorer: $0.restorer()) }),
            (1, { .relocateOntoOwnFile(restorer: $0.restorer(), suffix: $0.pick(ContractModel.ownFileSuffixes)) }),
            (
                3,
                { driver in
                    driver.serial += 1
                    return .shelfSave(restorer: driver.restorer(), account: driver.pick(ContractModel.accounts), query: "q\(driver.serial)")
                }
            ),
            (3, { .shelfRestore(restorer: $0.restorer(), account: $0.pick(ContractModel.accounts)) }),
            (model.restorers.filter { !$0.isClosed && !$0.readsOnly }.count < 3 ? (model.blame.isEmpty ? (isNewBuild ? 8 : 3) : 8) : 0, { _ in .launch }),
            (model.restorers.filter { !$0.isClosed && !$0.readsOnly }.count >= 3 && !model.blame.isEmpty ? 4 : 0, { .close(restorer: $0.restorer()) }),
            // A reader (none in a sequence with faults: ``ContractModel/asksAReaderWhatIsNotModelled(_:)``)
            // restores, most often a screen that holds a record, and closes.
            (!faults && openReaders.count < 2 ? 2 : 0, { _ in .launchReader }),
            (openReaders.isEmpty ? 0 : 9, { .restore(restorer: $0.pick($0.openReaders), slot: $0.storedSlot()) }),
            (openReaders.isEmpty ? 0 : 1, { .close(restorer: $0.pick($0.openReaders)) }),
            (2, { .suspend(restorer: $0.restorer()) }),
            (3, { .resume(restorer: $0.restorer()) }),
            (4, { .discard(restorer: $0.restorer(), slot: $0.pick(ContractModel.slots)) }),
            (2, { .signOut(restorer: $0.restorer(), account: $0.pick(ContractModel.accounts)) }),
            (3, { .removeUnused(restorer: $0.restorer(), days: $0.pick([1, 2, 7])) }),
            (5, { .advanceClock(hours: $0.pick([1, 12, 25, 49, 80])) }),
            (2, { driver in driver.model.items.isEmpty ? .insertItem(1) : .removeItem(driver.pick(driver.model.items)) }),
            (2, { driver in .insertItem(driver.pick(Array(0...9).filter { !driver.model.items.contains($0) } + [9])) }),
            (1, { _ in .moveItems }),
            (7, { .write(slot: $0.pick(ContractModel.slots), build: $0.pick(ModelOperation.Build.allCases)) }),
            (1, { .toolPurge(account: $0.pick(ContractModel.accounts)) }),
            (1, { .toolDiscard(slot: $0.pick(ContractModel.slots)) }),
            (1, { .toolPrune(days: $0.pick([1, 2, 7])) }),
            (model.quarantine.isEmpty ? 0 : 10, { .toolQuarantineRestore(entry: $0.pick(Array($0.model.quarantine.indices)), replacing: $0.chance(30)) }),
            (1, { .toolRead($0.pick(ModelOperation.ReadVerb.allCases)) }),
            (children.isEmpty ? 3 : 0, { _ in .childLaunch }),
            (children.isEmpty ? 0 : 5, { .childRestore(child: $0.pick($0.children), slot: $0.pick(ContractModel.slots)) }),
            (children.isEmpty ? 0 : 5, { .childSave(child: $0.pick($0.children), slot: $0.pick(ContractModel.slots), note: $0.note(), kill: nil) }),
            (
                children.isEmpty ? 0 : 1,
                { driver in
                    let kill: ModelOperation.KillPoint = driver.chance(50) ? .beforeCommit : .afterCommit
                    return .childSave(child: driver.pick(driver.children), slot: driver.pick(ContractModel.slots), note: driver.note(), kill: kill)
                }
            ),
            (children.isEmpty ? 0 : 2, { .childExit(child: $0.pick($0.children)) }),
            (children.isEmpty ? 0 : 2, { .childCrash(child: $0.pick($0.children), slot: $0.storedSlot()) }),
            (
                childRestorations.isEmpty ? 0 : 3,
                { driver in
                    let (c, slot) = driver.pick(childRestorations)
                    return .childPersist(child: c, slot: slot)
                }
            ),
            (children.isEmpty ? 0 : 3, { .childTurns(child: $0.pick($0.children)) }),
            (children.isEmpty ? 0 : 3, { .childFire(child: $0.pick($0.children)) }),
            (
                children.isEmpty ? 0 : 3,
                { driver in
                    let kill: ModelOperation.KillPoint? = driver.chance(80) ? nil : driver.chance(50) ? .beforeCommit : .afterCommit
                    return .childFlush(child: driver.pick(driver.children), kill: kill)
                }
            ),
            (children.isEmpty ? 0 : 2, { .childPrune(child: $0.pick($0.children), days: $0.pick([1, 2, 7])) }),
            (children.isEmpty ? 0 : 2, { .childSignOut(child: $0.pick($0.children), account: $0.pick(ContractModel.accounts)) }),
            // Another process's discard: most often of a scene this process has on screen or pending.
            (children.isEmpty ? 0 : 3, { .childDiscard(child: $0.pick($0.children), slot: $0.contestedSlot()) }),
            // More often while a crashed restore is blamed: the next launch's crash check then
            // runs under the fault, which may refuse its move of the blamed records.
            (faults && fault == nil && !isDamaged ? (model.blame.isEmpty ? 4 : 12) : 0, { .fault($0.chance(40) ? .full : $0.chance(60) ? .busy : .readOnly) }),
            (fault != nil && !model.blame.isEmpty && uncheckedRestorers.isEmpty ? 10 : 0, { _ in .launch }),
            (
                !model.blame.isEmpty && !freshChildren.isEmpty ? 6 : 0,
                { .childCrash(child: $0.pick($0.freshChildren), slot: $0.storedSlot()) }
            ),
            (!model.blame.isEmpty && children.isEmpty ? 5 : 0, { _ in .childLaunch }),
            // A sequence with faults crashes a child more often: a launch's crash check under a
            // fault needs a crashed restore to blame.
            (faults && model.blame.isEmpty && children.isEmpty ? 3 : 0, { _ in .childLaunch }),
            (faults && model.blame.isEmpty && !children.isEmpty ? 4 : 0, { .childCrash(child: $0.pick($0.children), slot: $0.storedSlot()) }),
            // An extension beside the app: its crashes are blamed on the extensions' launches.
            (model.restorers.isEmpty || isDamaged ? 0 : (model.extensionBlame.isEmpty ? 2 : 6), { _ in .childLaunchExtension }),
            (fault == nil ? 0 : 8, { _ in .fault(.clear) }),
            (faults && fault == nil && !isDamaged ? 1 : 0, { _ in .damage }),
            // The file removed under this process's restorers, and a launch making a new one.
            (fault == nil && !isDamaged && everyOpenRestorerHoldsTheFile ? 1 : 0, { _ in .removeFile }),
            // History and rollback: a relaunch may be a new build; a build's records rolled back.
            (isNewBuild ? 0 : 5, { driver in .newBuild(driver.pick(ModelOperation.appBuilds.filter { $0 != driver.model.build })) }),
            (
                usableRestorers.isEmpty ? 1 : 6,
                { driver in
                    .rollBack(restorer: driver.usableRestorer(), build: driver.stampedBuild(), account: driver.chance(50) ? nil : driver.pick(ContractModel.accounts))
                }
            ),
            (1, { .toolRollBack(slot: $0.storedSlot(), to: $0.pick([1, 2, 3, 4])) }),
            (1, { .toolRollBackBefore(slot: $0.storedSlot(), build: $0.stampedBuild()) }),
        ]
        let total = choices.map(\.weight).reduce(0, +)
        var roll = Int.random(in: 0..<total, using: &random)
        for choice in choices {
            if roll < choice.weight { return choice.make(&self) }
            roll -= choice.weight
        }
        return .runTurns
    }

    /// This process's restorers that may write, open, and not restored since they opened the file
    /// (their next restore makes the launch's crash check; a suspended one's, once resumed).
    private var uncheckedRestorers: [Int] {
        model.restorers.indices.filter {
            !model.restorers[$0].isChild && !model.restorers[$0].readsOnly && !model.restorers[$0].isClosed && model.restorers[$0].crashCheck == nil
        }
    }

    private mutating func restoreOperation() -> ModelOperation {
        // A launch that has not restored yet, restoring a screen a crashed launch is blamed for.
        let unchecked = uncheckedRestorers
        if !model.blame.isEmpty && !unchecked.isEmpty && chance(70) { return .restore(restorer: pick(unchecked), slot: pick(model.blame.map(\.slot).sorted())) }
        return .restore(restorer: restorer(), slot: pick(ContractModel.slots))
    }

    /// Whether the file may be removed (`remove-file`) now: only while no open restorer of
    /// this process launched to read only. That one holds no descriptor of it, so a new file
    /// may take the removed one's inode and be taken for it. Every other restorer keeps its
    /// file allocated (a hold while suspended, its idle connection once an orphan), which is
    /// what the fixtures `a-restorer-suspended-when-its-file-was-removed-…` and
    /// `an-orphan-reopens-a-new-file-that-took-its-removed-files-inode-…` fixed.
    private var everyOpenRestorerHoldsTheFile: Bool {
        !model.restorers.contains { !$0.isChild && !$0.isClosed && $0.reportPrefix == ["database-read-only"] }
    }

    /// This process's live trackings (a window that may close with a save pending).
    private var ownTrackings: [Int] {
        model.trackings.indices.filter { !model.trackings[$0].isStopped && !model.restorers[model.trackings[$0].restorer].isChild }
    }

    /// A slot another restorer or process has on screen or a save pending for, most often.
    private mutating func contestedSlot() -> Slot {
        let contested = Set(model.trackings.map(\.slot)).union(model.restorers.flatMap { $0.pending.keys }).sorted()
        return !contested.isEmpty && chance(75) ? pick(contested) : pick(ContractModel.slots)
    }

    /// The restorers of this process neither closed nor suspended.
    private var usableRestorers: [Int] {
        model.restorers.indices.filter { !model.restorers[$0].isChild && !model.restorers[$0].readsOnly && !model.restorers[$0].isClosed && !model.restorers[$0].isSuspended }
    }

    /// Whether the next launches run as a build no open restorer of this process runs as (an
    /// update installed, not launched yet).
    private var isNewBuild: Bool {
        !model.restorers.contains { !$0.isChild && !$0.isClosed && $0.build == model.build }
    }

    /// A restorer of this process neither closed nor suspended, most often.
    private mutating func usableRestorer() -> Int {
        let usable = usableRestorers
        return !usable.isEmpty && chance(90) ? pick(usable) : restorer()
    }

    /// A build that stamped a record, most often one with an earlier record of another build
    /// in its history (what a rollback puts back).
    private mutating func stampedBuild() -> String {
        let stamped = Set(ContractModel.slots.compactMap { model.stampedBuild($0) }).sorted()
        let undoable = Set(
            ContractModel.slots.compactMap { slot in
                model.stampedBuild(slot).flatMap { build in model.history[slot, default: []].contains { $0.build != build } ? build : nil }
            }
        ).sorted()
        if !undoable.isEmpty && chance(70) { return pick(undoable) }
        return !stamped.isEmpty && chance(80) ? pick(stamped) : pick(ModelOperation.appBuilds)
    }

    /// A slot whose history is deepest, most often; else one holding a record.
    private mutating func historySlot() -> Slot {
        let deepest = model.history.values.map(\.count).max() ?? 0
        let slots = model.history.keys.filter { model.history[$0]?.count == deepest && model.records[$0] != nil }.sorted()
        return deepest > 0 && !slots.isEmpty && chance(70) ? pick(slots) : storedSlot()
    }

    /// A slot holding a record, most often (one a crash can be blamed on).
    private mutating func storedSlot() -> Slot {
        let stored = model.records.keys.sorted()
        return !stored.isEmpty && chance(80) ? pick(stored) : pick(ContractModel.slots)
    }

    /// Follows `operation` in the driver's own model (answers ignored).
    private mutating func apply(_ operation: ModelOperation) {
        switch operation {
        case .childLaunchExtension:
            _ = model.childLaunch(isExtension: true)
        case .launchReader:
            _ = model.launchReader()
        case .launch, .childLaunch:
            let readsOnly = model.launchesReadingOnly
            _ = operation == .launch ? model.launch() : model.childLaunch()
            if isDamaged { model.startFresh(model.restorers.count - 1) }
            if readsOnly { model.launchReadingOnly(model.restorers.count - 1) }
            isDamaged = false
        case .fault(let kind):
            fault = kind == .clear ? nil : kind
            if kind == .readOnly {
                for r in model.restorers.indices where !model.restorers[r].isClosed { _ = model.close(r) }
                model.isReadOnly = true
            }
            if kind == .full { model.isFull = true }
            if kind == .clear { (model.isReadOnly, model.isFull) = (false, false) }
        case .damage:
            for r in model.restorers.indices where !model.restorers[r].isClosed { _ = model.close(r) }
            isDamaged = true
        case .removeFile:
            for c in children { _ = model.close(c) }
            _ = model.removeFile()
        case .childRestore(let c, let slot): _ = model.restore(c, slot)
        case .childSave(let c, let slot, let note, let kill):
            _ = model.childSave(c, slot, note, kill: kill)
        case .childExit(let c): _ = model.close(c)
        case .childCrash(let c, let slot):
            _ = model.childCrash(c, slot)
        case .childPersist(let c, let slot): _ = model.persist(c, slot)
        case .childTurns(let c): _ = model.runTurns(ofChild: c)
        case .childFire(let c): _ = model.fireWindows(c)
        case .childFlush(let c, let kill):
            _ = model.childFlush(c, kill: kill)
        case .childPrune(let c, let days): _ = model.removeUnused(c, days: days)
        case .childSignOut(let c, let account): _ = model.signOut(c, account)
        case .childDiscard(let c, let slot): _ = model.discard(c, slot)
        case .cancel(let t): _ = model.cancel(t)
        case .restore(let r, let slot): _ = model.restore(r, slot)
        case .save(let r, let slot, let note): _ = model.save(r, slot, note)
        case .persist(let r, let slot): _ = model.persist(r, slot)
        case .change(let t, let note): _ = model.change(t, note)
        case .runTurns: _ = model.runTurns()
        case .fireWindows(let r): _ = model.fireWindows(r)
        case .flush(let r): _ = model.flush(r)
        case .close(let r): _ = model.close(r)
        case .relocate(let r): _ = model.relocate(r)
        case .relocateOntoOwnFile(let r, _): _ = model.relocate(r, ontoOwnFile: true)
        case .shelfSave(let r, let account, let query): _ = model.saveShelf(r, account, query)
        case .shelfRestore(let r, let account): _ = model.restoreShelf(r, account)
        case .suspend(let r): _ = model.suspend(r)
        case .resume(let r): _ = model.resume(r)
        case .discard(let r, let slot): _ = model.discard(r, slot)
        case .signOut(let r, let account): _ = model.signOut(r, account)
        case .removeUnused(let r, let days): _ = model.removeUnused(r, days: days)
        case .advanceClock(let hours): model.now += Double(hours) * 3_600
        case .removeItem(let id): model.items.removeAll { $0 == id }
        case .insertItem(let id): if !model.items.contains(id) { model.items.insert(id, at: model.items.count / 2) }
        case .moveItems: model.items.reverse()
        case .write(let slot, let build):
            serial += 1
            _ = model.write(slot, build, serial: serial)
        case .toolPurge(let account): _ = model.toolPurge(account)
        case .toolDiscard(let slot): _ = model.toolDiscard(slot)
        case .toolPrune(let days): _ = model.toolPrune(days: days)
        case .toolQuarantineRestore(let entry, let replacing): _ = model.toolQuarantineRestore(entry, replacing: replacing)
        case .toolRead: break
        case .newBuild(let build): model.build = build
        case .rollBack(let r, let build, let account):
            if case .rolledBack(let slots, let refused, let nothingEarlier) = model.rollBack(r, build: build, account: account) {
                reached["rolled back", default: 0] += slots.count
                reached["nothing earlier", default: 0] += nothingEarlier.count
                for reason in refused { reached["refused \(reason.split(separator: " ").last ?? "")", default: 0] += 1 }
            }
        case .toolRollBack(let slot, let number): reached["tool-rollback \(model.toolRollBack(slot, to: number))", default: 0] += 1
        case .toolRollBackBefore(let slot, let build): reached["tool-rollback-before \(model.toolRollBack(slot, before: build))", default: 0] += 1
        }
        model.settleHistory()
        for entries in model.history.values where entries.count == ModelNote.historyDepth { reached["history full", default: 0] += 1 }
    }
}
