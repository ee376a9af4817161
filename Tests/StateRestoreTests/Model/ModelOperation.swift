/// One step of a model-based sequence, with every parameter it needs, so a sequence replays
/// from its lines alone (a fixture under `Fixtures/sequences/`). Restorers and trackings are
/// named by the order they were made in; a step whose target does not exist (after shrinking)
/// is skipped on both sides.
enum ModelOperation: Equatable, CustomStringConvertible {
    /// An (account, scene) the sequence uses.
    struct Slot: Hashable, Comparable, CustomStringConvertible {
        var account: String
        var scene: String
        var description: String { "\(account)/\(scene)" }
        /// In the engine's order: by the bytes of the engine's names, as SQLite sorts them.
        static func < (lhs: Slot, rhs: Slot) -> Bool {
            let (left, right) = (Array(ModelAccountNames.engine(lhs.account).utf8), Array(ModelAccountNames.engine(rhs.account).utf8))
            return left == right ? Array(lhs.scene.utf8).lexicographicallyPrecedes(rhs.scene.utf8) : left.lexicographicallyPrecedes(right)
        }
    }

    /// What another build of the kind writes into a slot.
    enum Build: String, CaseIterable {
        /// Format 1: no `pinned`.
        case older
        /// Format 3 with `minReaderVersion` 2 and an `extra` field: this build reads it.
        case newerReadable = "newer-readable"
        /// Format 3 with `minReaderVersion` 2 whose `title` is a number: it says this build may
        /// read it and does not decode.
        case newerUndecodable = "newer-undecodable"
        /// Format 4 with `minReaderVersion` 3: this build may not read it.
        case unsupported
        /// Bytes damaged in place (not JSON), at format 2.
        case corrupt
    }

    /// A read verb of the tool (it must change no byte of the folder).
    enum ReadVerb: String, CaseIterable {
        case check
        case status
        case inspect
        case quarantineList = "quarantine-list"
        /// `restorectl history` of alice/s1.
        case history
    }

    /// A storage fault the sequence turns on (or off, `clear`).
    enum Fault: String, CaseIterable {
        /// The file system is full (a small tmpfs filled up).
        case full
        /// Another process holds the file's write lock (`BEGIN IMMEDIATE`).
        case busy
        /// Every restorer closes and every child exits, then the file system is remounted
        /// read-only (a launch then reads without writing).
        case readOnly = "read-only"
        /// The fault ends: the space comes back, the lock is released.
        case clear
    }

    /// Where the child kills itself during a save.
    enum KillPoint: String {
        case beforeCommit = "kill-before"
        case afterCommit = "kill-after"
    }

    case launch
    /// A restorer of this process that only reads (`DatabaseConfiguration(access: .readOnly)`,
    /// an extension's or a tool's): its restores answer what a launch's would, and it never
    /// writes, marks or moves anything (``ContractModel/launchReader()``).
    case launchReader
    case childLaunch
    /// A child that runs as an app extension.
    case childLaunchExtension
    case childRestore(child: Int, slot: Slot)
    case childSave(child: Int, slot: Slot, note: ModelNote, kill: KillPoint?)
    case childExit(child: Int)
    /// The child restores and dies by SIGKILL before completing the restore.
    case childCrash(child: Int, slot: Slot)
    case childPersist(child: Int, slot: Slot)
    case childTurns(child: Int)
    case childFire(child: Int)
    case childFlush(child: Int, kill: KillPoint?)
    case childPrune(child: Int, days: Int)
    case childSignOut(child: Int, account: String)
    /// The child discards a scene (another process's discard, as an extension's).
    case childDiscard(child: Int, slot: Slot)
    case restore(restorer: Int, slot: Slot)
    case save(restorer: Int, slot: Slot, note: ModelNote)
    case persist(restorer: Int, slot: Slot)
    case change(tracking: Int, note: ModelNote)
    /// The tracking is cancelled (its window closed), with what it handed over still pending.
    case cancel(tracking: Int)
    case runTurns
    case fireWindows(restorer: Int)
    case flush(restorer: Int)
    case close(restorer: Int)
    case relocate(restorer: Int)
    /// `relocate(to:)` onto a name the file's own files take beside it (`<db>-shm`, …).
    case relocateOntoOwnFile(restorer: Int, suffix: String)
    /// A shelf snapshot (of the account's one shelf) saved with the query `query`.
    case shelfSave(restorer: Int, account: String, query: String)
    case shelfRestore(restorer: Int, account: String)
    case suspend(restorer: Int)
    case resume(restorer: Int)
    case discard(restorer: Int, slot: Slot)
    case signOut(restorer: Int, account: String)
    case removeUnused(restorer: Int, days: Int)
    case advanceClock(hours: Int)
    case removeItem(Int)
    case insertItem(Int)
    case moveItems
    case write(slot: Slot, build: Build)
    case toolPurge(account: String)
    case toolDiscard(slot: Slot)
    case toolPrune(days: Int)
    case toolQuarantineRestore(entry: Int, replacing: Bool)
    case toolRead(ReadVerb)
    case fault(Fault)
    /// Every restorer closes and every child exits, then the file's header is damaged in place.
    case damage
    /// Every child exits, then the database and every file beside it are removed (`rm
    /// state.sqlite*`) while this process's restorers keep it open (they are orphaned), and a
    /// new restorer of this process is launched at once, making a new empty file at the path.
    case removeFile
    /// The next launches of this process run as app build `build` (an update installed).
    case newBuild(String)
    /// `rollBack(kind:writtenBy:account:)` of the model's kind by restorer `restorer`.
    case rollBack(restorer: Int, build: String, account: String?)
    /// `restorectl rollback --to N` of a scene.
    case toolRollBack(slot: Slot, to: Int)
    /// `restorectl rollback --before-build B` of a scene.
    case toolRollBackBefore(slot: Slot, build: String)

    /// The app builds a sequence's launches run as.
    static let appBuilds = ["1.0", "1.1", "1.2"]

    /// The operation's name, for the pair matrix.
    var name: String { description.split(separator: " ").first.map(String.init) ?? "" }

    var description: String {
        switch self {
        case .launch: "launch"
        case .launchReader: "launch-reader"
        case .childLaunch: "child-launch"
        case .childLaunchExtension: "child-launch-extension"
        case .childRestore(let c, let slot): "child-restore \(c) \(slot)"
        case .childSave(let c, let slot, let note, let kill): "child-save \(c) \(slot) \(Self.encode(note))" + (kill.map { " \($0.rawValue)" } ?? "")
        case .childExit(let c): "child-exit \(c)"
        case .childCrash(let c, let slot): "child-crash \(c) \(slot)"
        case .childPersist(let c, let slot): "child-persist \(c) \(slot)"
        case .childTurns(let c): "child-turns \(c)"
        case .childFire(let c): "child-fire \(c)"
        case .childFlush(let c, let kill): "child-flush \(c)" + (kill.map { " \($0.rawValue)" } ?? "")
        case .childPrune(let c, let days): "child-prune \(c) \(days)"
        case .childSignOut(let c, let account): "child-sign-out \(c) \(account)"
        case .childDiscard(let c, let slot): "child-discard \(c) \(slot)"
        case .restore(let r, let slot): "restore \(r) \(slot)"
        case .save(let r, let slot, let note): "save \(r) \(slot) \(Self.encode(note))"
        case .persist(let r, let slot): "persist \(r) \(slot)"
        case .change(let t, let note): "change \(t) \(Self.encode(note))"
        case .cancel(let t): "cancel \(t)"
        case .runTurns: "turns"
        case .fireWindows(let r): "fire \(r)"
        case .flush(let r): "flush \(r)"
        case .close(let r): "close \(r)"
        case .relocate(let r): "relocate \(r)"
        case .relocateOntoOwnFile(let r, let suffix): "relocate-onto \(r) \(suffix)"
        case .shelfSave(let r, let account, let query): "shelf-save \(r) \(account) \(query)"
        case .shelfRestore(let r, let account): "shelf-restore \(r) \(account)"
        case .suspend(let r): "suspend \(r)"
        case .resume(let r): "resume \(r)"
        case .discard(let r, let slot): "discard \(r) \(slot)"
        case .signOut(let r, let account): "sign-out \(r) \(account)"
        case .removeUnused(let r, let days): "remove-unused \(r) \(days)"
        case .advanceClock(let hours): "clock \(hours)"
        case .removeItem(let id): "item-remove \(id)"
        case .insertItem(let id): "item-insert \(id)"
        case .moveItems: "items-move"
        case .write(let slot, let build): "write \(slot) \(build.rawValue)"
        case .toolPurge(let account): "tool-purge \(account)"
        case .toolDiscard(let slot): "tool-discard \(slot)"
        case .toolPrune(let days): "tool-prune \(days)"
        case .toolQuarantineRestore(let entry, let replacing): "tool-quarantine-restore \(entry) \(replacing ? "replace" : "keep")"
        case .toolRead(let verb): "tool-read \(verb.rawValue)"
        case .fault(let fault): "fault \(fault.rawValue)"
        case .damage: "damage"
        case .removeFile: "remove-file"
        case .newBuild(let build): "build \(build)"
        case .rollBack(let r, let build, let account): "rollback \(r) \(build) \(account ?? "*")"
        case .toolRollBack(let slot, let number): "tool-rollback \(slot) \(number)"
        case .toolRollBackBefore(let slot, let build): "tool-rollback-before \(slot) \(build)"
        }
    }

    /// Every operation name, for the pair matrix.
    static let names = [
        "launch", "launch-reader", "child-launch", "child-launch-extension", "child-restore", "child-save", "child-exit", "child-crash", "child-persist", "child-turns", "child-fire", "child-flush",
        "child-prune", "child-sign-out", "child-discard", "cancel", "restore", "save", "persist", "change", "turns", "fire", "flush", "close", "suspend", "resume", "discard", "sign-out",
        "remove-unused", "clock", "item-remove", "item-insert", "items-move", "write", "tool-purge", "tool-discard", "tool-prune",
        "tool-quarantine-restore", "tool-read", "fault", "damage", "remove-file", "relocate", "relocate-onto", "shelf-save", "shelf-restore",
        "build", "rollback", "tool-rollback", "tool-rollback-before",
    ]

    /// `title|selected|pinned`, the title without spaces or bars.
    static func encode(_ note: ModelNote) -> String {
        "\(note.title)|\(note.selected.map(String.init) ?? "-")|\(note.pinned ? 1 : 0)"
    }

    private static func decodeNote(_ text: Substring) -> ModelNote? {
        let parts = text.split(separator: "|", omittingEmptySubsequences: false)
        guard parts.count == 3 else { return nil }
        return ModelNote(title: String(parts[0]), selected: Int(parts[1]), pinned: parts[2] == "1")
    }

    private static func decodeSlot(_ text: Substring) -> Slot? {
        let parts = text.split(separator: "/")
        guard parts.count == 2 else { return nil }
        return Slot(account: String(parts[0]), scene: String(parts[1]))
    }

    /// The operation a line of a sequence file names, or nil.
    init?(line: String) {
        let words = line.split(separator: " ")
        guard let verb = words.first else { return nil }
        let int = { (index: Int) in words.count > index ? Int(words[index]) : nil }
        let slot = { (index: Int) in words.count > index ? Self.decodeSlot(words[index]) : nil }
        let note = { (index: Int) in words.count > index ? Self.decodeNote(words[index]) : nil }
        switch verb {
        case "launch": self = .launch
        case "launch-reader": self = .launchReader
        case "child-launch": self = .childLaunch
        case "child-launch-extension": self = .childLaunchExtension
        case "child-restore":
            guard let c = int(1), let s = slot(2) else { return nil }
            self = .childRestore(child: c, slot: s)
        case "child-save":
            guard let c = int(1), let s = slot(2), let n = note(3) else { return nil }
            let kill = words.count > 4 ? KillPoint(rawValue: String(words[4])) : nil
            self = .childSave(child: c, slot: s, note: n, kill: kill)
        case "child-exit":
            guard let c = int(1) else { return nil }
            self = .childExit(child: c)
        case "child-crash":
            guard let c = int(1), let s = slot(2) else { return nil }
            self = .childCrash(child: c, slot: s)
        case "child-persist":
            guard let c = int(1), let s = slot(2) else { return nil }
            self = .childPersist(child: c, slot: s)
        case "child-turns":
            guard let c = int(1) else { return nil }
            self = .childTurns(child: c)
        case "child-fire":
            guard let c = int(1) else { return nil }
            self = .childFire(child: c)
        case "child-flush":
            guard let c = int(1) else { return nil }
            self = .childFlush(child: c, kill: words.count > 2 ? KillPoint(rawValue: String(words[2])) : nil)
        case "child-prune":
            guard let c = int(1), let d = int(2) else { return nil }
            self = .childPrune(child: c, days: d)
        case "child-sign-out":
            guard let c = int(1), words.count > 2 else { return nil }
            self = .childSignOut(child: c, account: String(words[2]))
        case "child-discard":
            guard let c = int(1), let s = slot(2) else { return nil }
            self = .childDiscard(child: c, slot: s)
        case "cancel":
            guard let t = int(1) else { return nil }
            self = .cancel(tracking: t)
        case "restore":
            guard let r = int(1), let s = slot(2) else { return nil }
            self = .restore(restorer: r, slot: s)
        case "save":
            guard let r = int(1), let s = slot(2), let n = note(3) else { return nil }
            self = .save(restorer: r, slot: s, note: n)
        case "persist":
            guard let r = int(1), let s = slot(2) else { return nil }
            self = .persist(restorer: r, slot: s)
        case "change":
            guard let t = int(1), let n = note(2) else { return nil }
            self = .change(tracking: t, note: n)
        case "turns": self = .runTurns
        case "fire":
            guard let r = int(1) else { return nil }
            self = .fireWindows(restorer: r)
        case "flush":
            guard let r = int(1) else { return nil }
            self = .flush(restorer: r)
        case "close":
            guard let r = int(1) else { return nil }
            self = .close(restorer: r)
        case "relocate":
            guard let r = int(1) else { return nil }
            self = .relocate(restorer: r)
        case "relocate-onto":
            guard let r = int(1), words.count > 2, ContractModel.ownFileSuffixes.contains(String(words[2])) else { return nil }
            self = .relocateOntoOwnFile(restorer: r, suffix: String(words[2]))
        case "shelf-save":
            guard let r = int(1), words.count > 3 else { return nil }
            self = .shelfSave(restorer: r, account: String(words[2]), query: String(words[3]))
        case "shelf-restore":
            guard let r = int(1), words.count > 2 else { return nil }
            self = .shelfRestore(restorer: r, account: String(words[2]))
        case "suspend":
            guard let r = int(1) else { return nil }
            self = .suspend(restorer: r)
        case "resume":
            guard let r = int(1) else { return nil }
            self = .resume(restorer: r)
        case "discard":
            guard let r = int(1), let s = slot(2) else { return nil }
            self = .discard(restorer: r, slot: s)
        case "sign-out":
            guard let r = int(1), words.count > 2 else { return nil }
            self = .signOut(restorer: r, account: String(words[2]))
        case "remove-unused":
            guard let r = int(1), let d = int(2) else { return nil }
            self = .removeUnused(restorer: r, days: d)
        case "clock":
            guard let h = int(1) else { return nil }
            self = .advanceClock(hours: h)
        case "item-remove":
            guard let i = int(1) else { return nil }
            self = .removeItem(i)
        case "item-insert":
            guard let i = int(1) else { return nil }
            self = .insertItem(i)
        case "items-move": self = .moveItems
        case "write":
            guard let s = slot(1), words.count > 2, let b = Build(rawValue: String(words[2])) else { return nil }
            self = .write(slot: s, build: b)
        case "tool-purge":
            guard words.count > 1 else { return nil }
            self = .toolPurge(account: String(words[1]))
        case "tool-discard":
            guard let s = slot(1) else { return nil }
            self = .toolDiscard(slot: s)
        case "tool-prune":
            guard let d = int(1) else { return nil }
            self = .toolPrune(days: d)
        case "tool-quarantine-restore":
            guard let e = int(1), words.count > 2 else { return nil }
            self = .toolQuarantineRestore(entry: e, replacing: words[2] == "replace")
        case "tool-read":
            guard words.count > 1, let v = ReadVerb(rawValue: String(words[1])) else { return nil }
            self = .toolRead(v)
        case "fault":
            guard words.count > 1, let f = Fault(rawValue: String(words[1])) else { return nil }
            self = .fault(f)
        case "damage": self = .damage
        case "remove-file": self = .removeFile
        case "build":
            guard words.count > 1 else { return nil }
            self = .newBuild(String(words[1]))
        case "rollback":
            guard let r = int(1), words.count > 3 else { return nil }
            self = .rollBack(restorer: r, build: String(words[2]), account: words[3] == "*" ? nil : String(words[3]))
        case "tool-rollback":
            guard let s = slot(1), let n = int(2) else { return nil }
            self = .toolRollBack(slot: s, to: n)
        case "tool-rollback-before":
            guard let s = slot(1), words.count > 2 else { return nil }
            self = .toolRollBackBefore(slot: s, build: String(words[2]))
        default: return nil
        }
    }
}
