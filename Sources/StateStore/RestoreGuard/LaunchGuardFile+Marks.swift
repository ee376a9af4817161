import Foundation

extension LaunchGuardFile {
    /// Records that a restore of `mark`'s screen is being applied; returns once the slot is
    /// written (no sync). Throws when the slot cannot be had or written, or is full.
    package func mark(_ mark: LaunchGuardMark) throws {
        try lock.withLock {
            if !isFormatted {
                _ = try readAll()
                if !isFormatted { try Self.format(descriptor, path: path, isNew: false) }
                isFormatted = true
            }
            let slot = try ownSlot ?? takeEmptySlot()
            ownSlot = slot
            if let position = marks.firstIndex(where: { $0.mark == mark }) {
                marks[position].holders += 1  // already on disk
                return
            }
            guard marks.count < Self.capacity else { throw LaunchGuardError.slotFull(capacity: Self.capacity) }
            marks.append(HeldMark(mark: mark, holders: 1))
            if let error = writeSlot(slot, marks: marks.lazy.map(\.mark)) {
                marks.removeLast()
                throw error
            }
        }
    }

    /// Records that the restore of `mark`'s screen completed (or was given up). Returns false
    /// when the slot could not be rewritten without the mark: the mark is then still held, on
    /// disk and here, so a later clear (or the release at close) tries again.
    @discardableResult
    package func clear(_ mark: LaunchGuardMark) -> Bool {
        lock.withLock {
            guard let position = marks.firstIndex(where: { $0.mark == mark }) else { return true }
            marks[position].holders -= 1
            guard marks[position].holders == 0 else { return true }
            marks.remove(at: position)
            guard let ownSlot, writeSlot(ownSlot, marks: marks.lazy.map(\.mark)) != nil else { return true }
            marks.insert(HeldMark(mark: mark, holders: 1), at: position)  // still on disk: held, so a later clear tries again
            return false
        }
    }
}
