import StateRestore

/// A restorer that only reads (`DatabaseConfiguration(access: .readOnly)`: an extension's, a
/// tool's), as `StateRestorer.init(path:configuration:)` documents it: it opens the file as a
/// launch does and changes nothing; each restore answers what the latest committed record
/// gives, as a launch's restore would, whoever saved it after the reader opened (found by hand:
/// a reader that opened a file no one was writing kept showing the state of its open,
/// `Tests/StateRestoreTests/Restorer/ReadingRestorerSeesLaterSavesTests.swift`). Where a launch
/// would write (quarantine an unreadable record, move a crashed screen's record aside), the
/// report says what it would do and the file stays as it is.
extension ContractModel {
    /// A new restorer of the file in this process that only reads.
    mutating func launchReader() -> Outcome {
        restorers.append(Restorer(readsOnly: true, build: build))
        return .done
    }

    /// What a reader's first restore finds of crashed launches, looking only: the screens the
    /// guard file blames whose record is still the one blamed, and the launches in a row that
    /// crashed counting this one, as a launch's check would count them; nothing is quarantined,
    /// forgotten or counted in the file. It reads as the app's role (the model's readers are the
    /// app's, never an extension's).
    func crashCheckReadingOnly() -> CrashCheck {
        guard !blame.isEmpty else { return CrashCheck(screens: [], launches: 0) }
        return CrashCheck(screens: Set(blame.filter { $0.names(records[$0.slot]) }.map(\.slot)), launches: crashedLaunches + 1)
    }

    /// Whether `operation` involves a reader in what the model does not follow, so that the
    /// driver never picks it and a run skips it (a shrunk sequence may keep a step its original
    /// sent elsewhere). A reader restores and closes, nothing else: every write of a reader
    /// (a save, persist, flush, window, discard, sign-out, prune, rollback, shelf, move) is
    /// refused before it is attempted, and its suspension and resume write nothing, so they
    /// test no more than the close; they are left out rather than modelled as refusals.
    ///
    /// Not followed beside a reader either:
    /// - the file removed (`remove-file`) while one is open: it would be orphaned, and a reader
    ///   that opened the file as immutable reopens the path at its next restore (finding the
    ///   new file) where the model's orphans answer the default state;
    /// - storage faults and damage (`fault`, `damage`) in a sequence that launched one, and a
    ///   reader launched while a fault is on or the file is damaged: whether its connection
    ///   (immutable, or reading through the log) keeps the file's log files in place when the
    ///   others close decides what a later launch on a full file system may do, which the
    ///   model's log-file bookkeeping does not follow; a reader of a damaged file reports
    ///   the damage and leaves it, which the runner's damaged-file steps do not expect.
    func asksAReaderWhatIsNotModelled(_ operation: ModelOperation) -> Bool {
        let isReader = { (r: Int) in restorers.indices.contains(r) && restorers[r].readsOnly }
        switch operation {
        case .save(let r, _, _), .persist(let r, _), .fireWindows(let r), .flush(let r), .relocate(let r), .relocateOntoOwnFile(let r, _), .shelfSave(let r, _, _),
            .shelfRestore(let r, _), .suspend(let r), .resume(let r), .discard(let r, _), .signOut(let r, _), .removeUnused(let r, _), .rollBack(let r, _, _):
            return isReader(r)
        case .removeFile:
            return restorers.contains { $0.readsOnly && !$0.isClosed }
        case .fault, .damage:
            return restorers.contains(where: \.readsOnly)
        case .launchReader:
            return isFull || isReadOnly
        default:
            return false
        }
    }
}
