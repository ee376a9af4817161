import Foundation

/// A small tmpfs mounted on a temporary directory, for tests of a real full disk. Mounting
/// needs root (CI runs as root); where the machine does not allow it, `init` prints why and
/// returns nil, and the test skips its body: it never fakes the fault.
public final class TmpfsMount {
    /// The mount point.
    public let root: URL
    private let folder: TemporaryDirectory
    private var isMounted = true

    /// Mounts a tmpfs of `size` (`"2m"`), or nil with a printed reason when that is not allowed.
    public init?(size: String) throws {
        folder = try TemporaryDirectory()
        root = folder.url
        let mount = Process()
        mount.executableURL = URL(fileURLWithPath: "/bin/mount")
        mount.arguments = ["-t", "tmpfs", "-o", "size=\(size),mode=0700", "tmpfs", root.path]
        mount.standardError = FileHandle.nullDevice
        do {
            try mount.run()
            mount.waitUntilExit()
        } catch {
            print("skipped: cannot run mount (\(error)); a full-disk test needs root and a tmpfs")
            return nil
        }
        guard mount.terminationStatus == 0 else {
            print("skipped: mount -t tmpfs failed with status \(mount.terminationStatus) (not root, or no mount namespace); a full-disk test needs one")
            return nil
        }
    }

    /// A path inside the mount.
    public func path(_ name: String) -> String { root.appendingPathComponent(name).path }

    /// Writes a filler file until the file system has no space left.
    public func fill() throws {
        let descriptor = open(path("filler"), O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard descriptor >= 0 else { throw TmpfsError(message: "cannot create the filler: errno \(errno)") }
        defer { close(descriptor) }
        let chunk = [UInt8](repeating: 0xA5, count: 4_096)
        while true {
            let written = chunk.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if written <= 0 { break }
        }
        guard errno == ENOSPC else { throw TmpfsError(message: "the filler stopped with errno \(errno), not ENOSPC") }
    }

    /// Removes the filler: the space comes back.
    public func emptyFiller() throws {
        try FileManager.default.removeItem(atPath: path("filler"))
    }

    /// Remounts read-only or read-write again; whether it worked.
    @discardableResult
    public func remount(readOnly: Bool) -> Bool {
        let mount = Process()
        mount.executableURL = URL(fileURLWithPath: "/bin/mount")
        mount.arguments = ["-o", "remount,\(readOnly ? "ro" : "rw")", root.path]
        mount.standardError = FileHandle.nullDevice
        guard (try? mount.run()) != nil else { return false }
        mount.waitUntilExit()
        return mount.terminationStatus == 0
    }

    /// Unmounts (lazily, so a file still open elsewhere cannot keep it).
    public func unmount() {
        guard isMounted else { return }
        isMounted = false
        let umount = Process()
        umount.executableURL = URL(fileURLWithPath: "/bin/umount")
        umount.arguments = ["-l", root.path]
        try? umount.run()
        umount.waitUntilExit()
    }

    deinit { unmount() }
}

/// A tmpfs step that did not go as a full-disk test needs.
public struct TmpfsError: Error, CustomStringConvertible {
    /// What went wrong.
    public let message: String
    /// The message.
    public var description: String { message }
}
