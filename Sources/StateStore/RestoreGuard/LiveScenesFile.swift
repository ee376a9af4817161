import CSQLite
import Foundation

/// The scenes each process has on screen, in a small file beside the database (`<db>-live`),
/// so that a discard in one process refuses a scene another process shows.
///
/// Told by locks, as the guard file's crashes are: a process holds an `fcntl` write lock on its
/// slot while it publishes live scenes, the kernel drops the lock when the process dies however
/// it dies, and a slot whose lock no process holds says nothing, so a killed process cannot
/// leave a scene live behind it. A write is one `pwrite`, never synced (a launch's fsync count
/// stays 0).
///
/// A suspended process holds no lock (iOS terminates one that does), so its scenes are held
/// without one: its slot says so (`RSLH`), and they count as live while a process of that pid
/// lives (`kill(pid, 0)`), so a process killed while suspended leaves nothing live either. A
/// pid the system gave to another process meanwhile keeps them live until that one ends too:
/// a discard refused, never a scene on screen discarded.
///
/// One instance per file and process, shared by every restorer (POSIX drops a process's locks
/// on a file when any of its descriptors for it closes): ``publish(_:beside:)`` and
/// ``scenesLive(elsewhere:beside:)`` use it when it is open.
///
/// Layout: a 16-byte header (`RSTRLIV1`, the slot count, the slot size), then 32 slots of 1,024
/// bytes: `RSLV` (`RSLH` while held), the owner's pid, the number of scenes, then the scenes, 16 bytes each (a hash
/// of the account, a hash of the scene, 64-bit FNV-1a of the UTF-8 bytes); a process publishes
/// at most ``capacity`` of its scenes.
package final class LiveScenesFile: @unchecked Sendable {
    static let headerSize = 16
    static let slotCount = 32
    static let slotSize = 1_024
    static let slotHeaderSize = 16
    static let entrySize = 16
    static let fileMagic = Array("RSTRLIV1".utf8)
    static let slotMagic = Array("RSLV".utf8)
    /// A slot whose scenes a suspended process holds without a lock.
    static let heldSlotMagic = Array("RSLH".utf8)

    /// How many live scenes one process publishes at once; beyond them a discard elsewhere
    /// is not refused (a process rarely shows more than a few windows).
    package static let capacity = (slotSize - slotHeaderSize) / entrySize

    /// Guards `registry`.
    private static let registryLock = NSLock()
    /// This process's slot in each live file, by path: held through the open file and its
    /// lock, or, while the process is suspended, held without either (its index, taken back
    /// at the next publication).
    /// Reached only under `registryLock` (a static list under an `NSLock`, not a `Locked`:
    /// see `Locked`).
    @exclusivity(unchecked) nonisolated(unsafe) private static var registry: PathTable<Slot> = PathTable()

    /// This process's slot in one live file (``registry``).
    private enum Slot {
        case locked(LiveScenesFile)
        case held(Int)
    }

    let descriptor: Int32
    let slot: Int

    private init(descriptor: Int32, slot: Int) {
        self.descriptor = descriptor
        self.slot = slot
    }

    /// Makes `scenes` (account, scene) this process's live scenes of the database at
    /// `databasePath`; none releases its slot and closes the file. `held`: the process is
    /// suspended, so they are written as held and the file is closed, its lock let go. A file
    /// that cannot be made or has no free slot publishes nothing (the error says why): within
    /// the process, live scenes are refused all the same.
    package static func publish(_ scenes: [(account: String, scene: String)], held: Bool = false, beside databasePath: String) throws {
        let path = databasePath + "-live"
        try registryLock.withLock {
            let current = registry[path]
            if scenes.isEmpty {
                // The slot this process holds, or holds without its lock while suspended (in a
                // file still there: a file moved away meanwhile took its live file with it, and
                // none is made again at the old path).
                let file: LiveScenesFile
                switch current {
                case nil: return
                case .locked(let opened): file = opened
                case .held(let slot):
                    do {
                        file = try open(path, creating: false, takingBack: slot)
                    } catch {
                        // Gone (moved away with its database): nothing is held any more. Not
                        // writable now (a read-only mount): still held, cleared at a later try.
                        if case .unavailable(_, let code)? = error as? SiblingFile.Refusal, code == ENOENT { registry[path] = nil }
                        return
                    }
                }
                registry[path] = nil
                _ = file.write(scenes: [])
                Foundation.close(file.descriptor)  // lets go of the slot's lock
                return
            }
            // Held scenes are written beside a database that is there: one moved away while
            // the process was suspended gets no live file made again at its old path.
            let creating = !held || access(databasePath, F_OK) == 0
            let file: LiveScenesFile
            switch current {
            // The slot of a file removed with its database since is let go (its lock is on a
            // file no process reads), and the file at the path now gets this process's slot.
            case .locked(let opened)? where !SiblingFile.isStill(opened.descriptor, at: path):
                Foundation.close(opened.descriptor)
                file = try open(path, creating: creating, takingBack: nil)
            case .locked(let opened)?: file = opened
            case .held(let slot)?: file = try open(path, creating: creating, takingBack: slot)
            case nil: file = try open(path, creating: creating, takingBack: nil)
            }
            let failure = file.write(scenes: Array(scenes.prefix(capacity)), held: held)
            if held {
                registry[path] = .held(file.slot)
                Foundation.close(file.descriptor)  // held without the lock
            } else {
                registry[path] = .locked(file)
            }
            if let code = failure { throw SiblingFile.Refusal.unavailable(path: path, errno: code) }
        }
    }

    /// Whether this process holds a slot in the file beside `databasePath` (with its lock, or
    /// without while suspended): it published live scenes there that a publication of none
    /// would release.
    package static func isPublishing(beside databasePath: String) -> Bool {
        registryLock.withLock { registry[databasePath + "-live"] != nil }
    }

    /// The scenes among `named` that a live process other than this one publishes, as
    /// (account hash, scene hash); a nil account names the scene in every account. Nothing
    /// when there is no file.
    ///
    /// - Throws: `StoreError.sqlite` (`SQLITE_CANTOPEN`, with the errno) when the file is there
    ///   but cannot be read: a link or anything else that is not a regular file (never
    ///   followed), or one this process may not open. Which scenes are on screen elsewhere
    ///   cannot be told then, so what asks (a discard, a prune, a rollback) changes nothing;
    ///   it went on as if none were.
    package static func scenesLive(elsewhere named: [(account: String?, scene: String)], beside databasePath: String) throws(StoreError) -> [(account: String?, scene: String)] {
        // Nothing asked, nothing to tell: a prune with nothing unused never opens the file.
        guard !named.isEmpty else { return [] }
        let path = databasePath + "-live"
        return try registryLock.withLock { () throws(StoreError) in
            if case .locked(let file)? = registry[path], SiblingFile.isStill(file.descriptor, at: path) {
                return live(named, descriptor: file.descriptor, skipping: file.slot)
            }
            let descriptor: Int32
            do throws(SiblingFile.Refusal) {
                descriptor = try SiblingFile.open(path, O_RDONLY)
            } catch {
                if case .unavailable(_, ENOENT) = error { return [] }
                throw StoreError.sqlite(
                    extendedCode: SQLITE_CANTOPEN,
                    message: "\(error.errorDescription ?? path); which scenes another process has on screen cannot be told, so nothing was changed",
                    systemErrorCode: error.errno)
            }
            defer { Foundation.close(descriptor) }
            return live(named, descriptor: descriptor, skipping: nil)
        }
    }

    private static func live(_ named: [(account: String?, scene: String)], descriptor: Int32, skipping own: Int?) -> [(account: String?, scene: String)] {
        let size = headerSize + slotCount * slotSize
        let (bytes, read) = LaunchGuardFile.read(size, from: descriptor)
        guard read == size, LaunchGuardFile.bytes(bytes, at: 0, are: fileMagic) else { return [] }
        var entries: [(account: UInt64, scene: UInt64)] = []
        for slot in 0..<slotCount where slot != own {
            let base = headerSize + slot * slotSize
            let count = min(Int(LaunchGuardFile.uint32(bytes, at: base + 8)), capacity)
            guard count > 0 else { continue }
            if LaunchGuardFile.bytes(bytes, at: base, are: slotMagic) {
                guard isLocked(slot, descriptor: descriptor) else { continue }  // its process is gone
            } else if let owner = heldSlotOwner(bytes, at: base) {
                guard isAnotherLiveProcess(owner) else { continue }
            } else {
                continue
            }
            for index in 0..<count {
                let offset = base + slotHeaderSize + index * entrySize
                entries.append((LaunchGuardFile.uint64(bytes, at: offset), LaunchGuardFile.uint64(bytes, at: offset + 8)))
            }
        }
        return named.filter { target in
            let scene = LaunchGuardMark.hash([target.scene])
            let account = target.account.map { LaunchGuardMark.hash([$0]) }
            return entries.contains { $0.scene == scene && (account == nil || $0.account == account) }
        }
    }

    /// The process that holds the slot whose header is at `base` of `bytes` while suspended
    /// (its header marked held, without the lock); nil for a slot not held.
    private static func heldSlotOwner(_ bytes: [UInt8], at base: Int) -> pid_t? {
        guard LaunchGuardFile.bytes(bytes, at: base, are: heldSlotMagic) else { return nil }
        return pid_t(bitPattern: LaunchGuardFile.uint32(bytes, at: base + 4))
    }

    /// Whether `pid` is another process that still lives: a `kill(pid, 0)` that finds the
    /// process (`EPERM`: it lives, and is not ours to signal).
    private static func isAnotherLiveProcess(_ pid: pid_t) -> Bool {
        guard pid > 0, pid != getpid() else { return false }
        return kill(pid, 0) == 0 || errno == EPERM
    }

    /// Whether `slot` is the one this process left held, without its lock, while suspended.
    /// Read without the lock: no other process takes a slot another live process holds, so
    /// only this process changes that header.
    private static func isHeldByThisProcess(_ slot: Int, descriptor: Int32) -> Bool {
        let (header, read) = LaunchGuardFile.read(slotHeaderSize, from: descriptor, at: headerSize + slot * slotSize)
        return read == slotHeaderSize && heldSlotOwner(header, at: 0) == getpid()
    }

    /// Whether another process holds `slot`'s lock (`F_GETLK` takes none).
    private static func isLocked(_ slot: Int, descriptor: Int32) -> Bool {
        var request = LaunchGuardFile.lockRequest(type: F_WRLCK, start: headerSize + slot * slotSize, length: slotSize)
        return fcntl(descriptor, F_GETLK, &request) == 0 && request.l_type != Int16(F_UNLCK)
    }

    /// Opens (creating, mode 0600, unless `creating` is false) and lays out the file, and
    /// locks `heldBefore`, the slot this process held while suspended, or a free one.
    private static func open(_ path: String, creating: Bool, takingBack heldBefore: Int?) throws(SiblingFile.Refusal) -> LiveScenesFile {
        let (descriptor, created) = creating ? try SiblingFile.openOrCreate(path) : (try SiblingFile.open(path, O_RDWR), false)
        let (header, read) = LaunchGuardFile.read(headerSize, from: descriptor)
        if read != headerSize || !LaunchGuardFile.bytes(header, at: 0, are: fileMagic) {
            // Every byte written now, none left sparse: a later publish on a full disk rewrites
            // blocks the file already has, and needs no space. The magic last: a file cut short
            // (a write the disk could not finish) is never taken for one laid out.
            var fresh = [UInt8](repeating: 0, count: headerSize + slotCount * slotSize)
            LaunchGuardFile.put(UInt32(slotCount), into: &fresh, at: 8)
            LaunchGuardFile.put(UInt32(slotSize), into: &fresh, at: 12)
            // Nil when `bytes` were written whole at the start, else why not (a short write: ENOSPC).
            func failure(writing bytes: [UInt8]) -> Int32? {
                let written = bytes.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
                return written == bytes.count ? nil : written < 0 ? errno : ENOSPC
            }
            if let code = failure(writing: fresh) ?? failure(writing: fileMagic) {
                Foundation.close(descriptor)
                if created { unlink(path) }  // a new file that could not be laid out goes (only its maker's)
                throw .unavailable(path: path, errno: code)
            }
        }
        // The slot this process held while suspended, taken back; else a free slot: one no
        // process locks and no other live process holds while suspended.
        for (index, slot) in ((heldBefore.map { [$0] } ?? []) + Array(0..<slotCount)).enumerated() {
            var request = LaunchGuardFile.lockRequest(type: F_WRLCK, start: headerSize + slot * slotSize, length: slotSize)
            // Its own held slot is waited for: another process looks at it only for as long as
            // reading its header takes, and a slot taken instead would leave it held for good.
            // Only while the slot still says so: in a file made again at the path since (the
            // database removed and recreated while this process was suspended), that slot may
            // be another live process's, locked for that process's life.
            let waits = index == 0 && heldBefore != nil && isHeldByThisProcess(slot, descriptor: descriptor)
            let command = waits ? F_SETLKW : F_SETLK
            guard fcntl(descriptor, command, &request) == 0 else { continue }
            let (slotHeader, _) = LaunchGuardFile.read(slotHeaderSize, from: descriptor, at: headerSize + slot * slotSize)
            if let owner = heldSlotOwner(slotHeader, at: 0), isAnotherLiveProcess(owner) {
                request.l_type = Int16(F_UNLCK)
                _ = fcntl(descriptor, F_SETLK, &request)
                continue
            }
            return LiveScenesFile(descriptor: descriptor, slot: slot)
        }
        Foundation.close(descriptor)
        throw .unavailable(path: path, errno: EAGAIN)
    }

    /// Writes `scenes` into this process's slot; the errno, or nil when it was written whole.
    private func write(scenes: [(account: String, scene: String)], held: Bool = false) -> Int32? {
        var bytes = [UInt8](repeating: 0, count: Self.slotHeaderSize + scenes.count * Self.entrySize)
        bytes.replaceSubrange(0..<4, with: held ? Self.heldSlotMagic : Self.slotMagic)
        LaunchGuardFile.put(UInt32(bitPattern: getpid()), into: &bytes, at: 4)
        LaunchGuardFile.put(UInt32(scenes.count), into: &bytes, at: 8)
        for (index, scene) in scenes.enumerated() {
            LaunchGuardFile.put(LaunchGuardMark.hash([scene.account]), into: &bytes, at: Self.slotHeaderSize + index * Self.entrySize)
            LaunchGuardFile.put(LaunchGuardMark.hash([scene.scene]), into: &bytes, at: Self.slotHeaderSize + index * Self.entrySize + 8)
        }
        let written = bytes.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, off_t(Self.headerSize + slot * Self.slotSize)) }
        return written == bytes.count ? nil : (written < 0 ? errno : ENOSPC)
    }
}
