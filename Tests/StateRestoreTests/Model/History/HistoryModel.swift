/// The history contract in memory (issue #30), written from the documentation: each save of a
/// kind with history keeps the record it replaces with its build, the newest `depth`; a save of
/// the same record keeps nothing more; discard and sign-out take the history with the record;
/// a rollback by build puts back, for every record that build wrote, the newest earlier one
/// another build wrote (the replaced record goes first in the history, the count unchanged); the
/// tool's rollback does the same for the entry it names. The write gate's fence holds: a slot
/// the current launch saved before its account was signed out is refused (a save throws, a
/// rollback lists it refused) until the next launch.
struct HistoryModel {
    typealias Slot = ModelOperation.Slot

    /// A record as the model compares it: its value and the build stamped on it.
    struct Entry: Equatable, CustomStringConvertible {
        var value: String
        var build: String?
        var description: String { "\(value)@\(build ?? "-")" }
    }

    /// What a rollback answered, as lists of slots.
    struct Rollback: Equatable {
        var rolledBack: [Slot] = []
        var nothingEarlier: [Slot] = []
        var refused = 0
    }

    let depth: Int
    var build = "1.0"
    var records: [Slot: Entry] = [:]
    /// Newest first.
    var history: [Slot: [Entry]] = [:]
    /// The slots the current launch saved (its gate captured their account's generation).
    var sighted: Set<Slot> = []
    /// Those of them whose account was signed out since.
    var fenced: Set<Slot> = []

    mutating func launch(_ build: String) {
        self.build = build
        sighted = []
        fenced = []
    }

    /// False when the gate refuses it (the account was signed out after the slot was sighted).
    mutating func save(_ slot: Slot, _ value: String) -> Bool {
        guard !fenced.contains(slot) else { return false }
        sighted.insert(slot)
        if let current = records[slot], current.value != value {
            history[slot, default: []].insert(current, at: 0)
            history[slot] = Array(history[slot, default: []].prefix(depth))
        }
        records[slot] = Entry(value: value, build: build)
        return true
    }

    mutating func discard(_ slot: Slot) {
        records[slot] = nil
        history[slot] = nil
    }

    mutating func signOut(_ account: String) {
        for slot in ContractModel.slots where slot.account == account {
            discard(slot)
            if sighted.contains(slot) { fenced.insert(slot) }
        }
    }

    mutating func rollBack(writtenBy build: String, account: String?) -> Rollback {
        var result = Rollback()
        for slot in records.keys.sorted() where records[slot]?.build == build && (account == nil || slot.account == account) {
            if fenced.contains(slot) {
                result.refused += 1
            } else if let index = history[slot, default: []].firstIndex(where: { $0.build != build }) {
                putBack(slot, index)
                result.rolledBack.append(slot)
            } else {
                result.nothingEarlier.append(slot)
            }
        }
        return result
    }

    /// The tool's exit status for `--to entry`.
    mutating func toolRollBack(_ slot: Slot, entry: Int) -> Int32 {
        guard records[slot] != nil || history[slot] != nil else { return 66 }
        guard entry <= history[slot, default: []].count else { return 66 }
        putBack(slot, entry - 1)
        return 0
    }

    private mutating func putBack(_ slot: Slot, _ index: Int) {
        var entries = history[slot, default: []]
        let earlier = entries.remove(at: index)
        if let current = records[slot] { entries.insert(current, at: 0) }
        history[slot] = entries.isEmpty ? nil : entries
        records[slot] = earlier
    }
}
