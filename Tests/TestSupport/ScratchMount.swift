import Foundation

/// A small file system mounted on a temporary directory, for tests of a real full disk and
/// read-only storage: a tmpfs, or an ext4 image on a loop device (a real block file system,
/// with its journal and its own way of running out of space). Mounting needs root (CI runs as
/// root); where the machine does not allow it, `init` returns nil. A test that needs one is
/// enabled if ``TestHost/canMountTmpfs`` (or ``TestHost/canMountExt4``), so it shows as
/// skipped where it cannot run: it never fakes the fault.
package final class ScratchMount {
    /// The mount point.
    package let root: URL
    private let folder: TemporaryDirectory
    private var isMounted = true

    /// Mounts a tmpfs of `size` (`"2m"`), or nil when that is not allowed here.
    package convenience init?(tmpfsSize size: String) throws {
        try self.init(mounting: ["-t", "tmpfs", "-o", "size=\(size),mode=0700", "tmpfs"], image: nil)
    }

    /// Makes an ext4 image of `megabytes` (no blocks reserved for root, so root fills it too)
    /// and mounts it through a loop device, or nil when that is not possible here.
    package convenience init?(ext4Megabytes megabytes: Int) throws {
        let images = try TemporaryDirectory()
        let image = images.path("ext4.img")
        guard FileManager.default.createFile(atPath: image, contents: nil), truncate(image, off_t(megabytes) << 20) == 0 else {
            throw ScratchMountError(message: "cannot make the image \(image): errno \(errno)")
        }
        guard Self.succeeds("/sbin/mkfs.ext4", ["-q", "-F", "-m", "0", image]) else { return nil }
        try self.init(mounting: ["-t", "ext4", "-o", "loop", image], image: images)
    }

    private let imageFolder: TemporaryDirectory?

    private init?(mounting arguments: [String], image: TemporaryDirectory?) throws {
        folder = try TemporaryDirectory()
        root = folder.url
        imageFolder = image
        guard Self.succeeds("/bin/mount", arguments + [root.path]) else { return nil }
        chmod(root.path, 0o700)
    }

    private static func succeeds(_ tool: String, _ arguments: [String]) -> Bool {
        (try? ChildRun(tool: URL(fileURLWithPath: tool), arguments))?.status == 0
    }

    /// A path inside the mount.
    package func path(_ name: String) -> String { root.appendingPathComponent(name).path }

    /// Writes a filler file until the file system has no space left.
    ///
    /// Opened close-on-exec: tests run side by side, and a child another test spawns while the
    /// filler is open would otherwise keep it for its whole life (Foundation's `Process` closes
    /// in the child only the descriptors up to the highest it saw before the spawn).
    ///
    /// A file on the mount that is removed while a child another test is spawning still holds
    /// it (from the fork to its exec, or to its own closing of it) gives its blocks back only
    /// when that child lets go: a test that needs the disk to stay full keeps SQLite from
    /// removing its `-wal` and `-shm` there (a second connection open) until it is done.
    package func fill() throws {
        try Self.fill(root.path)
    }

    /// ``fill()`` on the mount at `root`, for a hook that runs where the mount itself is not
    /// at hand (another thread): a full disk at a chosen step of an operation.
    package static func fill(_ root: String) throws {
        let descriptor = open(root + "/filler", O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw ScratchMountError(message: "cannot create the filler: errno \(errno)") }
        defer { close(descriptor) }
        let chunk = [UInt8](repeating: 0xA5, count: 4_096)
        while true {
            let written = chunk.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if written <= 0 { break }
        }
        guard errno == ENOSPC else { throw ScratchMountError(message: "the filler stopped with errno \(errno), not ENOSPC") }
    }

    /// Removes the filler: the space comes back at once. It is cut to nothing first, which
    /// frees its blocks whoever still holds it (a child another test is spawning).
    package func emptyFiller() throws {
        guard truncate(path("filler"), 0) == 0 else { throw ScratchMountError(message: "cannot empty the filler: errno \(errno)") }
        try FileManager.default.removeItem(atPath: path("filler"))
    }

    /// Remounts read-only or read-write again; whether it worked.
    @discardableResult
    package func remount(readOnly: Bool) -> Bool {
        Self.succeeds("/bin/mount", ["-o", "remount,\(readOnly ? "ro" : "rw")", root.path])
    }

    /// Unmounts (lazily, so a file still open elsewhere cannot keep it).
    package func unmount() {
        guard isMounted else { return }
        isMounted = false
        _ = Self.succeeds("/bin/umount", ["-l", root.path])
    }

    deinit { unmount() }
}
