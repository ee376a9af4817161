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
            marks.append((mark, 1))
            if let error = writeSlot(slot, marks: marks.map { $0.mark }) {
                marks.removeLast()
                throw error
            }
        }
    }

    /// Records that the restore of `mark`'s screen completed (or was given up).
    package func clear(_ mark: LaunchGuardMark) {
        lock.withLock {
            guard let position = marks.firstIndex(where: { $0.mark == mark }) else { return }
            marks[position].holders -= 1
            guard marks[position].holders == 0 else { return }
            marks.remove(at: position)
            if let ownSlot { _ = writeSlot(ownSlot, marks: marks.map { $0.mark }) }
        }
    }

    /// The marks this process holds now.
    package var currentMarks: Set<LaunchGuardMark> { lock.withLock { Set(marks.map { $0.mark }) } }
}
