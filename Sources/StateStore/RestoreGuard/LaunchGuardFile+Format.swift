import Foundation

extension LaunchGuardFile {
    static func openAndFormat(_ path: String) throws -> Int32 {
        let (descriptor, created): (Int32, Bool)
        do {
            (descriptor, created) = try SiblingFile.openOrCreate(path)
        } catch {
            throw LaunchGuardError(error)
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let code = errno
            Foundation.close(descriptor)
            throw LaunchGuardError.unavailable(path: path, errno: code)
        }
        let (header, read) = read(fileMagic.count, from: descriptor)
        if read == fileMagic.count, header == fileMagic, Int(status.st_size) >= fileSize { return descriptor }
        do {
            try format(descriptor, path: path, isNew: created)
        } catch {
            Foundation.close(descriptor)
            throw error
        }
        return descriptor
    }

    /// Lays out the header; slots start empty. Another process formatting at the same moment
    /// writes the same bytes. A new file that cannot be laid out (a full disk) is removed.
    static func format(_ descriptor: Int32, path: String, isNew: Bool) throws {
        var fresh = [UInt8](repeating: 0, count: headerSize)
        fresh.replaceSubrange(0..<fileMagic.count, with: fileMagic)
        put(UInt32(slotCount), into: &fresh, at: 8)
        put(UInt32(slotSize), into: &fresh, at: 12)
        let written = fresh.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, headerSize, 0) }
        guard written == headerSize, ftruncate(descriptor, off_t(fileSize)) == 0 else {
            let code = written < 0 || written == headerSize ? errno : ENOSPC
            if isNew { unlink(path) }
            throw LaunchGuardError.unavailable(path: path, errno: code)
        }
    }

    func readAll() throws -> [UInt8] {
        let (bytes, read) = Self.read(Self.fileSize, from: descriptor)
        guard read >= 0 else { throw LaunchGuardError.unavailable(path: path, errno: errno) }
        guard read >= Self.fileMagic.count, Self.bytes(bytes, at: 0, are: Self.fileMagic) else {
            // Not laid out (yet): nothing in it counts.
            return [UInt8](repeating: 0, count: Self.fileSize)
        }
        isFormatted = true
        return bytes
    }

    /// The first slot that is empty and not locked, now locked by this process.
    ///
    /// The file as the last crash check read it says which slots looked empty then; once a
    /// slot's lock is had, its header is read again: a process that held it may have marked a
    /// restore and died since, and its marks are a crash for the next launch to blame, never
    /// a slot to overwrite (model sequence `Fixtures/sequences/a-crashed-processs-mark-is-never-overwritten-by-a-later-launch.txt`, found
    /// by a fresh soak seed: a crashed extension's mark was overwritten and never blamed).
    func takeEmptySlot() throws -> Int {
        let bytes = try snapshot ?? readAll()
        snapshot = nil
        for slot in 0..<Self.slotCount {
            let base = Self.headerSize + slot * Self.slotSize
            guard !Self.bytes(bytes, at: base, are: Self.slotMagic) || Self.uint32(bytes, at: base + 8) == 0 else { continue }
            guard tryLock(slot) else { continue }
            if slotIsEmptyNow(slot) { return slot }
            unlock(slot)
        }
        throw LaunchGuardError.noFreeSlot(slots: Self.slotCount)
    }

    /// Whether `slot` holds no marks as the file is now (read under its lock).
    private func slotIsEmptyNow(_ slot: Int) -> Bool {
        var header = [UInt8](repeating: 0, count: Self.slotHeaderSize)
        let read = header.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, Self.slotHeaderSize, off_t(Self.headerSize + slot * Self.slotSize)) }
        guard read == Self.slotHeaderSize else { return read >= 0 }  // past the end: never written
        return !Self.bytes(header, at: 0, are: Self.slotMagic) || Self.uint32(header, at: 8) == 0
    }

    /// Writes `marks` into `slot` as a slot of `role` (nil: this process's); the error, or nil
    /// when it was written whole. The slot is laid out in a buffer on the stack: a restore
    /// writes its slot twice (the mark, then its clear), and building it in arrays cost two
    /// allocations and six copies each time.
    func writeSlot<Marks: Collection<LaunchGuardMark>>(
        _ slot: Int, marks: Marks, magic: [UInt8] = slotMagic, role: DatabaseRole? = nil
    ) -> LaunchGuardError? {
        let count = Self.slotHeaderSize + marks.count * Self.markSize
        let offset = off_t(Self.headerSize + slot * Self.slotSize)
        let written = withUnsafeTemporaryAllocation(byteCount: count, alignment: 8) { bytes in
            bytes.initializeMemory(as: UInt8.self, repeating: 0)
            bytes.copyBytes(from: magic.prefix(4))
            bytes.storeBytes(of: Self.processID.littleEndian, toByteOffset: 4, as: UInt32.self)
            bytes.storeBytes(of: UInt32(marks.count).littleEndian, toByteOffset: 8, as: UInt32.self)
            bytes[12] = Self.roleByte(role ?? self.role)
            for (index, mark) in marks.enumerated() {
                bytes.storeBytes(of: mark.accountHash.littleEndian, toByteOffset: Self.slotHeaderSize + index * Self.markSize, as: UInt64.self)
                bytes.storeBytes(of: mark.screenHash.littleEndian, toByteOffset: Self.slotHeaderSize + index * Self.markSize + 8, as: UInt64.self)
            }
            return pwrite(descriptor, bytes.baseAddress, count, offset)
        }
        return written == count ? nil : .unavailable(path: path, errno: written < 0 ? errno : ENOSPC)
    }

    func tryLock(_ slot: Int) -> Bool {
        setLock(slot, type: F_WRLCK)
    }

    func unlock(_ slot: Int) {
        _ = setLock(slot, type: F_UNLCK)
    }

    func setLock(_ slot: Int, type: Int32) -> Bool {
        var request = Self.lockRequest(type: type, start: Self.headerSize + slot * Self.slotSize, length: Self.slotSize)
        return fcntl(descriptor, F_SETLK, &request) == 0
    }

    /// An `fcntl` lock request of `type` over `length` bytes from `start`.
    static func lockRequest(type: Int32, start: Int, length: Int) -> flock {
        var request = flock()
        request.l_type = Int16(type)
        request.l_whence = Int16(SEEK_SET)
        request.l_start = off_t(start)
        request.l_len = off_t(length)
        return request
    }

    // MARK: Roles

    /// The byte a slot names `role` with: 0 for the app (what slots written before roles hold).
    static func roleByte(_ role: DatabaseRole) -> UInt8 { role == .app ? 0 : 1 }

    /// The header offset of `role`'s count of launches in a row that crashed.
    static func crashCountOffset(_ role: DatabaseRole) -> Int { role == .app ? 16 : 20 }

    /// Whether `slot` of the file's `bytes` belongs to a process of `role` (any role: nil).
    static func slot(_ slot: Int, of bytes: [UInt8], isOf role: DatabaseRole?) -> Bool {
        guard let role else { return true }
        return bytes[headerSize + slot * slotSize + 12] == roleByte(role)
    }

    // MARK: Bytes

    /// Up to `count` bytes of the file open at `descriptor` from `offset` (its start unless
    /// given), and what `pread`
    /// answered (negative: it failed, `errno` says why). Bytes past the file's end are zero.
    /// Read straight into the array: a launch reads the whole guard file, and filling 16 KiB
    /// with zeros first cost more instructions than the rest of its crash check.
    static func read(_ count: Int, from descriptor: Int32, at offset: Int = 0) -> (bytes: [UInt8], read: Int) {
        var read = 0
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            read = pread(descriptor, buffer.baseAddress, count, off_t(offset))
            let filled = max(read, 0)
            if filled < count { (buffer.baseAddress! + filled).initialize(repeating: 0, count: count - filled) }
            initialized = count
        }
        return (bytes, read)
    }

    /// Whether `bytes` holds `magic` at `offset` (compared in place, without copying a slice).
    static func bytes(_ bytes: [UInt8], at offset: Int, are magic: [UInt8]) -> Bool {
        offset >= 0 && offset <= bytes.count && bytes[offset...].starts(with: magic)
    }

    static func put<T: FixedWidthInteger>(_ value: T, into bytes: inout [UInt8], at offset: Int) {
        withUnsafeBytes(of: value.littleEndian) { bytes.replaceSubrange(offset..<offset + MemoryLayout<T>.size, with: $0) }
    }

    static func uint32(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[offset + $1]) << (8 * $1) }
    }

    static func uint64(_ bytes: [UInt8], at offset: Int) -> UInt64 {
        (0..<8).reduce(UInt64(0)) { $0 | UInt64(bytes[offset + $1]) << (8 * $1) }
    }
}
