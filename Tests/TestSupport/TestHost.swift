import Foundation

/// What this machine lets a test do, each found out once by trying it: the conditions of the
/// tests that need root, a mount or a tool, so a test that cannot run here shows as skipped in
/// the report instead of returning early and passing.
///
/// ```swift
/// @Test(.enabled(if: TestHost.canMountTmpfs, "mounts a tmpfs: needs root and a mount namespace"))
/// func onAFullDiskTheLaunchRestores() throws {
///     let mount = try #require(try ScratchMount(tmpfsSize: "2m"))
/// }
/// ```
package enum TestHost {
    /// Whether this process runs as root (CI does).
    package static let isRoot = geteuid() == 0

    /// Whether a tmpfs can be mounted here (root, with a mount namespace).
    package static let canMountTmpfs = (try? ScratchMount(tmpfsSize: "64k")) != nil

    /// Whether an ext4 image can be made and mounted through a loop device here (root, a loop
    /// device and e2fsprogs).
    package static let canMountExt4 = canMountTmpfs && (try? ScratchMount(ext4Megabytes: 8)) != nil

    /// Whether a child can be run as the user nobody with `setpriv` (root and util-linux).
    package static let canRunAsNobody =
        isRoot && (try? ChildRun(tool: URL(fileURLWithPath: "/usr/bin/setpriv"), ["--reuid=nobody", "--regid=nogroup", "--clear-groups", "/bin/true"]))?.status == 0

    /// Whether the `sqlite3` shell is installed (`.ci/run` installs it).
    package static let hasSQLiteShell = FileManager.default.isExecutableFile(atPath: "/usr/bin/sqlite3")

    /// Whether a file can be made immutable here (`chattr +i`: root with `CAP_LINUX_IMMUTABLE`,
    /// e2fsprogs, and a file system with the flag), tried on a scratch file and undone.
    package static let canSetImmutableFlag: Bool = {
        guard isRoot, let folder = try? TemporaryDirectory() else { return false }
        let file = folder.path("immutable")
        guard FileManager.default.createFile(atPath: file, contents: nil) else { return false }
        guard setImmutable(true, file) else { return false }
        return setImmutable(false, file)
    }()

    /// Sets or clears the immutable flag of `path` (`chattr`); whether it worked.
    @discardableResult
    package static func setImmutable(_ isImmutable: Bool, _ path: String) -> Bool {
        (try? ChildRun(tool: URL(fileURLWithPath: "/usr/bin/chattr"), [isImmutable ? "+i" : "-i", path]))?.status == 0
    }

    /// Whether `/proc/locks` (the kernel's table of file locks) can be read here.
    package static let canReadProcLocks = FileManager.default.isReadableFile(atPath: "/proc/locks")
}
