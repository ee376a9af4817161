import Foundation

/// The crash-loop guard's marks: a small file beside the database (`<db>-guard`) with one slot
/// per process that is restoring from the file, written with one `pwrite` and never synced.
///
/// A mark only has to survive a crash of the app, never a power cut (a power cut is not a
/// crash loop), so it costs no commit and no sync: the kernel keeps a write to its page cache
/// through a crash of the process that made it. Which marks are a crashed launch's is told by
/// locks, not by process ids: a process holds an `fcntl` write lock on its slot's bytes for as
/// long as it uses the file, the kernel drops the lock when the process dies however it dies,
/// and a slot that holds marks but whose lock can be taken belongs to a process that is gone.
/// The live marks of another process (an extension restoring while the app restores) are never
/// taken for a crash.
///
/// POSIX drops every lock a process holds on a file when any of its descriptors for that file
/// closes, so a process has one instance per file, shared by all its restorers
/// (``acquire(beside:)`` and ``release()``), and nothing else opens the guard file.
///
/// Layout: a 64-byte header (`RSTRGRD1`, the slot count and size, the count of launches in a
/// row that crashed), then 16 slots of 1,024
/// bytes: `RSLT`, the owner's pid (for people reading the file), the number of marks, then the
/// marks, 16 bytes each (a hash of the account, a hash of the account, scene and kind).
package final class LaunchGuardFile: @unchecked Sendable {
    static let headerSize = 64
    static let slotCount = 16
    static let slotSize = 1_024
    static let slotHeaderSize = 16
    static let markSize = 16
    /// How many marks one process's slot holds at once.
    package static let capacity = (slotSize - slotHeaderSize) / markSize
    static let fileMagic = Array("RSTRGRD1".utf8)
    static let slotMagic = Array("RSLT".utf8)

    /// The guard file's path.
    package let path: String
    private let descriptor: Int32
    private let lock = NSLock()
    /// The slot this process writes its marks to, once it has marked something.
    private var ownSlot: Int?
    /// This process's marks, each with how many restorers hold it.
    private var marks: [LaunchGuardMark: Int] = [:]
    /// How many restorers of this process use the file.
    private var users = 0
    /// Crashed slots this process has locked and not finished (its own locks never conflict
    /// with each other, so they are skipped by name).
    private var handling: Set<Int> = []
    /// The file as the last crash check read it, so taking a slot right after reads nothing.
    private var snapshot: [UInt8]?
    /// Whether the file is known to carry the header (a file opened as it was is read first).
    private var isFormatted = false

    private static let registry = Locked<[String: LaunchGuardFile]>([:])

    private init(path: String, descriptor: Int32, isFormatted: Bool) {
        self.path = path
        self.descriptor = descriptor
        self.isFormatted = isFormatted
    }

    /// The guard file of the database at `databasePath`, shared by every user in this process;
    /// balance with ``release()``. With `creating`, a missing file is created (mode 0600);
    /// without, a missing file is nil: no launch has marked anything, so nothing crashed.
    package static func acquire(beside databasePath: String, creating: Bool = true) throws -> LaunchGuardFile? {
        let path = databasePath + "-guard"
        return try registry.withLock { files in
            if let file = files[path] {
                file.lock.withLock { file.users += 1 }
                return file
            }
            let file: LaunchGuardFile
            if creating {
                file = LaunchGuardFile(path: path, descriptor: try openAndFormat(path), isFormatted: true)
            } else {
                // Opened as it is: its first read tells whether it is laid out.
                let descriptor: Int32
                do {
                    descriptor = try SiblingFile.open(path, O_RDWR)
                } catch SiblingFile.Refusal.unavailable(_, ENOENT) {
                    return nil
                } catch let refusal as SiblingFile.Refusal {
                    throw LaunchGuardError(refusal)
                }
                file = LaunchGuardFile(path: path, descriptor: descriptor, isFormatted: false)
            }
            file.users = 1
            files[path] = file
            return file
        }
    }

    /// Ends one user's use; the last one empties this process's slot and closes the file.
    package func release() {
        Self.registry.withLock { files in
            let isLast = lock.withLock { () -> Bool in
                users -= 1
                guard users == 0 else { return false }
                // An emptied slot needs no write: closing the file lets go of its lock.
                if let ownSlot, !marks.isEmpty { _ = writeSlot(ownSlot, marks: []) }
                marks.removeAll()
                ownSlot = nil
                return true
            }
            guard isLast else { return }
            files[path] = nil
            Foundation.close(descriptor)
        }
    }

    // MARK: This process's marks

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

    /// Records that the restore of `mark`'s screen completed (or was given up).
    package func clear(_ mark: LaunchGuardMark) {
        lock.withLock {
            guard let count = marks[mark] else { return }
            marks[mark] = count > 1 ? count - 1 : nil
            if let ownSlot, count == 1 { _ = writeSlot(ownSlot, marks: Array(marks.keys)) }
        }
    }

    /// The marks this process holds now.
    package var currentMarks: Set<LaunchGuardMark> { lock.withLock { Set(marks.keys) } }

    // MARK: Crashed launches

    /// How many launches in a row, up to the last one that checked, crashed while applying a
    /// restore (as the last crash check read it).
    package var crashedLaunches: Int {
        lock.withLock {
            let bytes = snapshot ?? (try? readAll()) ?? []
            return bytes.count >= 20 ? Int(Self.uint32(bytes, at: 16)) : 0
        }
    }

    /// Records how many launches in a row crashed; the header is locked for the write, so two
    /// processes counting at once do not interleave.
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
            let written = bytes.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, 4, 16) }
            guard written == 4 else { throw LaunchGuardError.unavailable(path: path, errno: written < 0 ? errno : ENOSPC) }
            if var cached = snapshot, cached.count >= 20 {
                cached.replaceSubrange(16..<20, with: bytes)
                snapshot = cached
            }
        }
    }

    /// The slots of processes that are gone and left marks, each locked by this process until
    /// ``finish(_:forgetting:)``: no other process handles them meanwhile.
    package func crashedSlots() throws -> [CrashedSlot] {
        try lock.withLock {
            let bytes = try readAll()
            defer { snapshot = bytes }
            var crashed: [CrashedSlot] = []
            for slot in 0..<Self.slotCount where slot != ownSlot && !handling.contains(slot) {
                let base = Self.headerSize + slot * Self.slotSize
                guard Array(bytes[base..<base + 4]) == Self.slotMagic, Self.uint32(bytes, at: base + 8) > 0 else { continue }
                guard tryLock(slot) else { continue }  // its process is alive
                // Locked now: read it again, it may have been emptied before the lock was had.
                let fresh = try readAll()
                guard let marks = Self.marks(inSlot: slot, of: fresh) else {
                    unlock(slot)
                    continue
                }
                crashed.append(CrashedSlot(index: slot, pid: Int32(bitPattern: Self.uint32(fresh, at: base + 4)), marks: marks))
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
                if forgetting { _ = writeSlot(slot.index, marks: [], magic: [0, 0, 0, 0]) }
                unlock(slot.index)
                handling.remove(slot.index)
            }
        }
    }

    /// Removes the marks of `accountHash` from every slot whose process is gone, and from this
    /// process's own: a purged account leaves nothing to blame.
    package func forget(accountHash: UInt64) throws {
        let crashed = try crashedSlots()
        lock.withLock {
            for slot in crashed {
                _ = writeSlot(slot.index, marks: slot.marks.filter { $0.accountHash != accountHash })
            }
            marks = marks.filter { $0.key.accountHash != accountHash }
            if let ownSlot { _ = writeSlot(ownSlot, marks: Array(marks.keys)) }
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
    package static func crashedMarksWithoutHandling(beside databasePath: String) -> (marks: [LaunchGuardMark], crashedLaunches: Int) {
        let path = databasePath + "-guard"
        if let file = registry.withLock({ $0[path] }) {
            return file.lock.withLock { peekCrashed(descriptor: file.descriptor, skipping: Set(file.handling).union(file.ownSlot.map { [$0] } ?? [])) }
        }
        guard let descriptor = try? SiblingFile.open(path, O_RDONLY) else { return ([], 0) }
        defer { Foundation.close(descriptor) }
        return peekCrashed(descriptor: descriptor, skipping: [])
    }

    /// The crashed slots' marks and the crash count in the file open at `descriptor`, asking
    /// with `F_GETLK` (which takes no lock) whether each slot's process is alive.
    private static func peekCrashed(descriptor: Int32, skipping: Set<Int>) -> (marks: [LaunchGuardMark], crashedLaunches: Int) {
        let size = headerSize + slotCount * slotSize
        var bytes = [UInt8](repeating: 0, count: size)
        let read = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, size, 0) }
        guard read == size, Array(bytes[0..<fileMagic.count]) == fileMagic else { return ([], 0) }
        var crashed: [LaunchGuardMark] = []
        for slot in 0..<slotCount where !skipping.contains(slot) {
            guard let marks = marks(inSlot: slot, of: bytes), !marks.isEmpty else { continue }
            var request = lockRequest(type: F_WRLCK, start: headerSize + slot * slotSize, length: slotSize)
            guard fcntl(descriptor, F_GETLK, &request) == 0, request.l_type == Int16(F_UNLCK) else { continue }  // alive, or unknown
            crashed += marks
        }
        return (crashed, Int(uint32(bytes, at: 16)))
    }

    /// Every mark in the guard file beside `databasePath`, live or crashed, read without taking
    /// any lock or creating the file (for tests and inspection); empty when there is none.
    package static func recordedMarks(beside databasePath: String) -> [LaunchGuardMark] {
        guard let descriptor = try? SiblingFile.open(databasePath + "-guard", O_RDONLY) else { return [] }
        defer { Foundation.close(descriptor) }
        let size = headerSize + slotCount * slotSize
        var bytes = [UInt8](repeating: 0, count: size)
        let read = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, size, 0) }
        guard read == size else { return [] }
        return (0..<slotCount).flatMap { marks(inSlot: $0, of: bytes) ?? [] }
    }

    /// The marks `slot` holds in the file's `bytes`, or nil when the slot is not in use.
    private static func marks(inSlot slot: Int, of bytes: [UInt8]) -> [LaunchGuardMark]? {
        let base = headerSize + slot * slotSize
        guard Array(bytes[base..<base + 4]) == slotMagic else { return nil }
        return (0..<min(Int(uint32(bytes, at: base + 8)), capacity)).map { index in
            let offset = base + slotHeaderSize + index * markSize
            return LaunchGuardMark(accountHash: uint64(bytes, at: offset), screenHash: uint64(bytes, at: offset + 8))
        }
    }

    /// The count of launches in a row that crashed, as the guard file beside `databasePath`
    /// holds it (0 when there is none), read without taking any lock.
    package static func recordedCrashedLaunches(beside databasePath: String) -> Int {
        guard let descriptor = try? SiblingFile.open(databasePath + "-guard", O_RDONLY) else { return 0 }
        defer { Foundation.close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: 20)
        guard bytes.withUnsafeMutableBytes({ pread(descriptor, $0.baseAddress, 20, 0) }) == 20, Array(bytes[0..<8]) == fileMagic else { return 0 }
        return Int(uint32(bytes, at: 16))
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

    // MARK: File

    private static func openAndFormat(_ path: String) throws -> Int32 {
        let descriptor: Int32
        do {
            descriptor = try SiblingFile.open(path, O_RDWR | O_CREAT)
        } catch {
            throw LaunchGuardError(error)
        }
        var status = stat()
        let size = headerSize + slotCount * slotSize
        guard fstat(descriptor, &status) == 0 else {
            let code = errno
            Foundation.close(descriptor)
            throw LaunchGuardError.unavailable(path: path, errno: code)
        }
        var header = [UInt8](repeating: 0, count: fileMagic.count)
        let read = header.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, fileMagic.count, 0) }
        if read == fileMagic.count, header == fileMagic, Int(status.st_size) >= size { return descriptor }
        do {
            try format(descriptor, path: path, isNew: read <= 0 && status.st_size == 0)
        } catch {
            Foundation.close(descriptor)
            throw error
        }
        return descriptor
    }

    /// Lays out the header; slots start empty. Another process formatting at the same moment
    /// writes the same bytes. A new file that cannot be laid out (a full disk) is removed.
    private static func format(_ descriptor: Int32, path: String, isNew: Bool) throws {
        var fresh = [UInt8](repeating: 0, count: headerSize)
        fresh.replaceSubrange(0..<fileMagic.count, with: fileMagic)
        put(UInt32(slotCount), into: &fresh, at: 8)
        put(UInt32(slotSize), into: &fresh, at: 12)
        let written = fresh.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, headerSize, 0) }
        guard written == headerSize, ftruncate(descriptor, off_t(headerSize + slotCount * slotSize)) == 0 else {
            let code = written < 0 || written == headerSize ? errno : ENOSPC
            if isNew { unlink(path) }
            throw LaunchGuardError.unavailable(path: path, errno: code)
        }
    }

    private func readAll() throws -> [UInt8] {
        let size = Self.headerSize + Self.slotCount * Self.slotSize
        var bytes = [UInt8](repeating: 0, count: size)
        let read = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, size, 0) }
        guard read >= 0 else { throw LaunchGuardError.unavailable(path: path, errno: errno) }
        guard read >= Self.fileMagic.count, Array(bytes[0..<Self.fileMagic.count]) == Self.fileMagic else {
            // Not laid out (yet): nothing in it counts.
            return [UInt8](repeating: 0, count: size)
        }
        isFormatted = true
        return bytes
    }

    /// The first slot that is empty and not locked, now locked by this process.
    private func takeEmptySlot() throws -> Int {
        let bytes = try snapshot ?? readAll()
        snapshot = nil
        for slot in 0..<Self.slotCount {
            let base = Self.headerSize + slot * Self.slotSize
            guard Array(bytes[base..<base + 4]) != Self.slotMagic || Self.uint32(bytes, at: base + 8) == 0 else { continue }
            if tryLock(slot) { return slot }
        }
        throw LaunchGuardError.noFreeSlot(slots: Self.slotCount)
    }

    /// Writes `marks` into `slot`; the error, or nil when it was written whole.
    private func writeSlot(_ slot: Int, marks: [LaunchGuardMark], magic: [UInt8] = slotMagic) -> LaunchGuardError? {
        var bytes = [UInt8](repeating: 0, count: Self.slotHeaderSize + marks.count * Self.markSize)
        bytes.replaceSubrange(0..<4, with: magic)
        Self.put(UInt32(bitPattern: getpid()), into: &bytes, at: 4)
        Self.put(UInt32(marks.count), into: &bytes, at: 8)
        for (index, mark) in marks.enumerated() {
            Self.put(mark.accountHash, into: &bytes, at: Self.slotHeaderSize + index * Self.markSize)
            Self.put(mark.screenHash, into: &bytes, at: Self.slotHeaderSize + index * Self.markSize + 8)
        }
        let offset = off_t(Self.headerSize + slot * Self.slotSize)
        let written = bytes.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, offset) }
        return written == bytes.count ? nil : .unavailable(path: path, errno: written < 0 ? errno : ENOSPC)
    }

    private func tryLock(_ slot: Int) -> Bool {
        setLock(slot, type: F_WRLCK)
    }

    private func unlock(_ slot: Int) {
        _ = setLock(slot, type: F_UNLCK)
    }

    private func setLock(_ slot: Int, type: Int32) -> Bool {
        var request = Self.lockRequest(type: type, start: Self.headerSize + slot * Self.slotSize, length: Self.slotSize)
        return fcntl(descriptor, F_SETLK, &request) == 0
    }

    /// An `fcntl` lock request of `type` over `length` bytes from `start`.
    private static func lockRequest(type: Int32, start: Int, length: Int) -> flock {
        var request = flock()
        request.l_type = Int16(type)
        request.l_whence = Int16(SEEK_SET)
        request.l_start = off_t(start)
        request.l_len = off_t(length)
        return request
    }

    // MARK: Bytes

    private static func put<T: FixedWidthInteger>(_ value: T, into bytes: inout [UInt8], at offset: Int) {
        withUnsafeBytes(of: value.littleEndian) { bytes.replaceSubrange(offset..<offset + MemoryLayout<T>.size, with: $0) }
    }

    private static func uint32(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[offset + $1]) << (8 * $1) }
    }

    private static func uint64(_ bytes: [UInt8], at offset: Int) -> UInt64 {
        (0..<8).reduce(UInt64(0)) { $0 | UInt64(bytes[offset + $1]) << (8 * $1) }
    }
}
