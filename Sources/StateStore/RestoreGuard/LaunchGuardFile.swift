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
/// Blame goes by role (``DatabaseRole``): a slot records its process's role, and a launch
/// handles only the crashed slots of its own role and counts only its role's launches in a
/// row. An extension killed by the system mid-restore (as extensions are under memory
/// pressure) counts toward the extensions' launches, and blames its own restores for the next
/// extension launch, never the app's window records.
///
/// Layout: a 64-byte header (`RSTRGRD1`, the slot count and size, the count of the app's
/// launches in a row that crashed at byte 16, the extensions' at byte 20), then 16 slots of
/// 1,024 bytes: `RSLT`, the owner's pid (for people reading the file), the number of marks,
/// the owner's role at byte 12 (0 the app, as releases before roles left it; 1 an extension),
/// then the marks, 16 bytes each (a hash of the account, and a hash of the account, scene and kind
/// gone on over the applied record's save time: ``LaunchGuardMark/stamped(savedAt:)``).
package final class LaunchGuardFile: @unchecked Sendable {
    static let headerSize = 64

    static let slotCount = 16

    static let slotSize = 1_024

    static let fileSize = headerSize + slotCount * slotSize

    static let slotHeaderSize = 16

    static let markSize = 16

    /// How many marks one process's slot holds at once.
    package static let capacity = (slotSize - slotHeaderSize) / markSize

    static let fileMagic = Array("RSTRGRD1".utf8)

    static let slotMagic = Array("RSLT".utf8)

    /// The guard file's path.
    package let path: String

    /// The role of this process (its first user's): what its slot says, and whose crashes
    /// and launches its checks count.
    let role: DatabaseRole

    let descriptor: Int32

    /// This process's id, written into its slot for people reading the file: asked once a
    /// process, not at every mark and clear, nor at every launch's guard file (a system call
    /// each).
    static let processID = UInt32(bitPattern: getpid())

    /// Guards the bookkeeping below and the slot's bytes while this process rewrites them.
    let lock = Locked()

    /// The slot this process writes its marks to, once it has marked something.
    var ownSlot: Int?

    /// This process's marks, each with how many restorers hold it: a list (a process holds a
    /// few), not a dictionary: see ``PathTable``.
    var marks: [HeldMark] = []

    /// One of this process's marks and how many restorers hold it (a struct, not a tuple: see `PathTable`).
    struct HeldMark {
        let mark: LaunchGuardMark
        var holders: Int
    }

    /// How many restorers of this process use the file.
    var users = 0

    /// Crashed slots this process has locked and not finished (its own locks never conflict
    /// with each other, so they are skipped by name).
    var handling: Set<Int> = []

    /// The file as the last crash check read it, so taking a slot right after reads nothing.
    var snapshot: [UInt8]?

    /// Whether the file is known to carry the header (a file opened as it was is read first).
    var isFormatted = false

    /// Guards `registry`.
    static let registryLock = NSLock()
    /// Reached only under `registryLock` (a static list under an `NSLock`, not a `Locked`:
    /// see `Locked`).
    @exclusivity(unchecked) nonisolated(unsafe) static var registry: PathTable<LaunchGuardFile> = PathTable()

    init(path: String, descriptor: Int32, isFormatted: Bool, role: DatabaseRole) {
        self.path = path
        self.role = role
        self.descriptor = descriptor
        self.isFormatted = isFormatted
    }

    /// The guard file of the database at `databasePath`, shared by every user in this process;
    /// balance with ``release()``. With `creating`, a missing file is created (mode 0600);
    /// without, a missing file is nil: no launch has marked anything, so nothing crashed.
    /// `role` is this process's (one role per process: its first user's counts).
    package static func acquire(beside databasePath: String, creating: Bool = true, role: DatabaseRole = .app) throws -> LaunchGuardFile? {
        let path = databasePath + "-guard"
        return try registryLock.withLock {
            // Shared within the process while it is still the file at the path: one removed
            // (or replaced) since stays its users', and this launch gets the file there now.
            if let file = registry[path], file.isStillAtItsPath {
                file.lock.withLock { file.users += 1 }
                return file
            }
            let file: LaunchGuardFile
            if creating {
                file = LaunchGuardFile(path: path, descriptor: try openAndFormat(path), isFormatted: true, role: role)
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
                file = LaunchGuardFile(path: path, descriptor: descriptor, isFormatted: false, role: role)
            }
            file.users = 1
            registry[path] = file
            return file
        }
    }

    /// Whether the file this process has open is still the one at its path: a guard file
    /// removed with its database is not the new database's, whose launches would otherwise
    /// mark into a file no launch reads.
    private var isStillAtItsPath: Bool { SiblingFile.isStill(descriptor, at: path) }

    /// Ends one user's use; the last one empties this process's slot and closes the file.
    package func release() {
        Self.registryLock.withLock {
            let isLast = lock.withLock { () -> Bool in
                users -= 1
                guard users == 0 else { return false }
                // An emptied slot needs no write: closing the file lets go of its lock.
                if let ownSlot, !marks.isEmpty { _ = writeSlot(ownSlot, marks: [LaunchGuardMark]()) }
                marks.removeAll()
                ownSlot = nil
                return true
            }
            guard isLast else { return }
            if Self.registry[path] === self { Self.registry[path] = nil }
            Foundation.close(descriptor)
        }
    }
}
