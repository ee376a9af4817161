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
            if let count = marks[mark] {
                marks[mark] = count + 1  // already on disk
                return
            }
            guard marks.count < Self.capacity else { throw LaunchGuardError.slotFull(capacity: Self.capacity) }
            marks[mark] = 1
            if let error = writeSlot(slot, marks: Array(marks.keys)) {
                marks[mark] = nil
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
            guard let count = marks[mark] else { return true }
            marks[mark] = count > 1 ? count - 1 : nil
            guard let ownSlot, count == 1, writeSlot(ownSlot, marks: Array(marks.keys)) != nil else { return true }
            marks[mark] = count
            return false
        }
    }
}
