import Foundation

extension LaunchGuardFile {
    /// How many launches of this process's role in a row, up to the last one that checked,
    /// crashed while applying a restore (as the last crash check read it).
    package var crashedLaunches: Int {
        lock.withLock {
            let bytes = snapshot ?? (try? readAll()) ?? []
            let offset = Self.crashCountOffset(role)
            return bytes.count >= offset + 4 ? Int(Self.uint32(bytes, at: offset)) : 0
        }
    }

    /// Records how many launches of this process's role in a row crashed; the header is locked
    /// for the write, so two processes counting at once do not interleave.
    package func setCrashedLaunches(_ count: Int) throws {
        try lock.withLock {
            var request = Self.lockRequest(type: F_WRLCK, start: 0, length: Self.headerSize)
            guard fcntl(descriptor, F_SETLKW, &request) == 0 else { throw LaunchGuardError.unavailable(path: path, errno: errno) }
            defer {
                request.l_type = Int16(F_UNLCK)
                _ = fcntl(descriptor, F_SETLK, &request)
            }
            var bytes = [UInt8](repeating: 0, count: 4)
            Self.put(UInt32(clamping: count), into: &bytes, at: 0)
            let offset = Self.crashCountOffset(role)
            let written = bytes.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, 4, off_t(offset)) }
            guard written == 4 else { throw LaunchGuardError.unavailable(path: path, errno: written < 0 ? errno : ENOSPC) }
            if var cached = snapshot, cached.count >= offset + 4 {
                cached.replaceSubrange(offset..<offset + 4, with: bytes)
                snapshot = cached
            }
        }
    }

    /// The slots of processes of this process's role that are gone and left marks (of every
    /// role, with `ofEveryRole`), each locked by this process until ``finish(_:forgetting:)``:
    /// no other process handles them meanwhile.
    package func crashedSlots(ofEveryRole: Bool = false) throws -> [CrashedSlot] {
        try lock.withLock {
            let bytes = try readAll()
            defer { snapshot = bytes }
            var crashed: [CrashedSlot] = []
            for slot in 0..<Self.slotCount where slot != ownSlot && !handling.contains(slot) {
                let base = Self.headerSize + slot * Self.slotSize
                guard Self.bytes(bytes, at: base, are: Self.slotMagic), Self.uint32(bytes, at: base + 8) > 0 else { continue }
                guard Self.slot(slot, of: bytes, isOf: ofEveryRole ? nil : role) else { continue }
                guard tryLock(slot) else { continue }  // its process is alive
                // Locked now: read it again, it may have been emptied before the lock was had.
                let fresh = try readAll()
                guard let marks = Self.marks(inSlot: slot, of: fresh) else {
                    unlock(slot)
                    continue
                }
                let role: DatabaseRole = fresh[base + 12] == Self.roleByte(.app) ? .app : .appExtension
                crashed.append(CrashedSlot(index: slot, pid: Int32(bitPattern: Self.uint32(fresh, at: base + 4)), marks: marks, role: role))
                handling.insert(slot)
            }
            return crashed
        }
    }

    /// Lets go of crashed slots: emptied when their records are handled (`forgetting`),
    /// otherwise left as they are for a later launch to handle.
    package func finish(_ slots: [CrashedSlot], forgetting: Bool) {
        lock.withLock {
            for slot in slots {
                if forgetting { _ = writeSlot(slot.index, marks: [LaunchGuardMark](), magic: [0, 0, 0, 0]) }
                unlock(slot.index)
                handling.remove(slot.index)
            }
        }
    }

    /// Removes the marks of `accountHash` from every slot whose process is gone, and from this
    /// process's own: a purged account leaves nothing to blame.
    package func forget(accountHash: UInt64) throws {
        let crashed = try crashedSlots(ofEveryRole: true)
        lock.withLock {
            for slot in crashed {
                // Another role's slot stays that role's (found by a fresh soak seed: an app's
                // sign-out stamped an extension's crashed slot as the app's, whose next launch
                // then blamed the extension's crash).
                _ = writeSlot(slot.index, marks: slot.marks.filter { $0.accountHash != accountHash }, role: slot.role)
            }
            marks.removeAll { $0.mark.accountHash == accountHash }
            if let ownSlot { _ = writeSlot(ownSlot, marks: marks.lazy.map(\.mark)) }
        }
        finish(crashed, forgetting: false)
    }

    /// The marks that launches now gone left in the guard file beside `databasePath` (slots
    /// holding marks whose lock no process holds), and the header's count of launches in a row
    /// that crashed: what a launch's crash check would find, read without creating, writing or
    /// locking anything (for a restore that reads only). Nothing when there is no guard file.
    ///
    /// When this process already uses the file, its own descriptor is asked (closing another
    /// one would drop this process's locks on it), and its own slots are never counted.
    /// Only `role`'s slots and count are read.
    package static func crashedMarksWithoutHandling(beside databasePath: String, role: DatabaseRole = .app) -> (marks: [LaunchGuardMark], crashedLaunches: Int) {
        let path = databasePath + "-guard"
        // Asked under the registry's lock: the last user's release closes the descriptor under
        // it, and a number closed meanwhile could name another file by the time it is read.
        let own = registryLock.withLock {
            registry[path].map { file in
                file.lock.withLock { peekCrashed(descriptor: file.descriptor, role: role, skipping: Set(file.handling).union(file.ownSlot.map { [$0] } ?? [])) }
            }
        }
        if let own { return own }
        guard let descriptor = try? SiblingFile.open(path, O_RDONLY) else { return ([], 0) }
        defer { Foundation.close(descriptor) }
        return peekCrashed(descriptor: descriptor, role: role, skipping: [])
    }

    /// The crashed slots' marks of `role` and its crash count in the file open at
    /// `descriptor`, asking with `F_GETLK` (which takes no lock) whether each slot's process
    /// is alive.
    static func peekCrashed(descriptor: Int32, role: DatabaseRole, skipping: Set<Int>) -> (marks: [LaunchGuardMark], crashedLaunches: Int) {
        let (bytes, read) = read(fileSize, from: descriptor)
        guard read == fileSize, Self.bytes(bytes, at: 0, are: fileMagic) else { return ([], 0) }
        var crashed: [LaunchGuardMark] = []
        for slot in 0..<slotCount where !skipping.contains(slot) && Self.slot(slot, of: bytes, isOf: role) {
            guard let marks = marks(inSlot: slot, of: bytes), !marks.isEmpty else { continue }
            var request = lockRequest(type: F_WRLCK, start: headerSize + slot * slotSize, length: slotSize)
            guard fcntl(descriptor, F_GETLK, &request) == 0, request.l_type == Int16(F_UNLCK) else { continue }  // alive, or unknown
            crashed += marks
        }
        return (crashed, Int(uint32(bytes, at: crashCountOffset(role))))
    }

    /// Every mark in the guard file beside `databasePath`, live or crashed, read without taking
    /// any lock or creating the file (for tests and inspection); empty when there is none.
    package static func recordedMarks(beside databasePath: String) -> [LaunchGuardMark] {
        guard let descriptor = try? SiblingFile.open(databasePath + "-guard", O_RDONLY) else { return [] }
        defer { Foundation.close(descriptor) }
        let (bytes, read) = read(fileSize, from: descriptor)
        guard read == fileSize else { return [] }
        return (0..<slotCount).flatMap { marks(inSlot: $0, of: bytes) ?? [] }
    }

    /// The marks `slot` holds in the file's `bytes`, or nil when the slot is not in use.
    static func marks(inSlot slot: Int, of bytes: [UInt8]) -> [LaunchGuardMark]? {
        let base = headerSize + slot * slotSize
        guard Self.bytes(bytes, at: base, are: slotMagic) else { return nil }
        return (0..<min(Int(uint32(bytes, at: base + 8)), capacity)).map { index in
            let offset = base + slotHeaderSize + index * markSize
            return LaunchGuardMark(accountHash: uint64(bytes, at: offset), screenHash: uint64(bytes, at: offset + 8))
        }
    }

    /// The count of `role`'s launches in a row that crashed, as the guard file beside
    /// `databasePath` holds it (0 when there is none), read without taking any lock.
    package static func recordedCrashedLaunches(beside databasePath: String, role: DatabaseRole = .app) -> Int {
        guard let descriptor = try? SiblingFile.open(databasePath + "-guard", O_RDONLY) else { return 0 }
        defer { Foundation.close(descriptor) }
        let (bytes, read) = read(24, from: descriptor)
        guard read == 24, Self.bytes(bytes, at: 0, are: fileMagic) else { return 0 }
        return Int(uint32(bytes, at: crashCountOffset(role)))
    }

    /// Leaves `marks` in a free slot of the guard file beside `databasePath` exactly as a
    /// process killed while applying those restores leaves them (its lock gone with it): for
    /// tests of what a later launch does, where the killed launch is not a child process. The
    /// crash itself is tested with real processes killed by SIGKILL.
    package static func leaveMarksOfAKilledProcess(beside databasePath: String, _ marks: [LaunchGuardMark]) throws {
        guard let file = try acquire(beside: databasePath) else { return }
        defer { file.release() }
        try file.lock.withLock {
            let slot = try file.takeEmptySlot()
            if let error = file.writeSlot(slot, marks: marks) { throw error }
            file.unlock(slot)
        }
    }
}
