import Foundation

/// The system calls the engine's contracts make that the raw twin leaves out, made the same way
/// by the contract twin (`save-single` and `many-scenes`): raw's work plus these, on files of
/// its own.
///
/// - the `stat` of `SQLITE_FCNTL_HAS_MOVED` before a restore reads and in every write
///   transaction (a restore never reads from, and a save never writes to, a file removed,
///   renamed away or replaced since it was opened): ``checkNotMoved()``;
/// - the crash-loop guard's mark before a restored record is applied and its clear when the
///   restore completes, one `pwrite` each into a guard file laid out as the engine's (32 bytes
///   and 16 bytes at the first slot): ``mark()`` and ``clear()``.
///
/// The contract twin is no target: it tells how much of a workload's ratio to raw those
/// contracts are on the machine running the bench (`contract_ratio` is the engine against it).
final class ContractCalls {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private let databasePath: String
    private let inode: ino_t
    private let guardDescriptor: Int32
    /// A slot holding one mark (`RSLT`, one mark counted, the mark's 16 bytes zero).
    private let markBytes = Array("RSLT".utf8) + [0, 0, 0, 0, 1] + [UInt8](repeating: 0, count: 23)
    /// The same slot emptied.
    private let clearBytes = Array("RSLT".utf8) + [UInt8](repeating: 0, count: 12)

    /// Notes the inode of the database at `databasePath` (which must exist) and creates the
    /// twin's guard file beside it (`<db>-twin-guard`, the engine's size).
    init(databasePath: String) throws {
        var status = stat()
        guard stat(databasePath, &status) == 0 else { throw Failure(description: "contract twin: cannot stat \(databasePath): errno \(errno)") }
        self.databasePath = databasePath
        inode = status.st_ino
        let guardPath = databasePath + "-twin-guard"
        guardDescriptor = open(guardPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard guardDescriptor >= 0 else { throw Failure(description: "contract twin: cannot create \(guardPath): errno \(errno)") }
        guard ftruncate(guardDescriptor, 64 + 16 * 1_024) == 0 else { throw Failure(description: "contract twin: cannot size \(guardPath): errno \(errno)") }
    }

    deinit { close(guardDescriptor) }

    /// SQLite's `SQLITE_FCNTL_HAS_MOVED`: one `stat` of the path, its inode compared with the
    /// open file's; throws when the file moved (nothing in the bench moves it).
    func checkNotMoved() throws {
        var status = stat()
        guard stat(databasePath, &status) == 0, status.st_ino == inode else { throw Failure(description: "contract twin: \(databasePath) moved") }
    }

    /// The guard's mark: one 32-byte `pwrite` into the first slot.
    func mark() throws {
        let written = markBytes.withUnsafeBytes { pwrite(guardDescriptor, $0.baseAddress, $0.count, 64) }
        guard written == markBytes.count else { throw Failure(description: "contract twin: mark not written: errno \(errno)") }
    }

    /// The guard's clear: one 16-byte `pwrite` into the first slot.
    func clear() throws {
        let written = clearBytes.withUnsafeBytes { pwrite(guardDescriptor, $0.baseAddress, $0.count, 64) }
        guard written == clearBytes.count else { throw Failure(description: "contract twin: clear not written: errno \(errno)") }
    }
}
