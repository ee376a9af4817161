import CFaultInjection
import Testing

@testable import StateStore

/// Swift face of the `CFaultInjection` VFS: which operations to fail, with what, and how often.
///
/// The fault state is global to the process. Only connections opened on `FaultyVFS.name` are
/// counted or failed, so the rest of the suite may run alongside, but every test that arms it
/// must sit in one `.serialized` suite.
enum FaultyVFS {
    /// The VFS name to put in `DatabaseConfiguration.vfsName`.
    static let name: String = {
        let code = fault_vfs_register()
        precondition(code == 0, "could not register the fault-injecting SQLite VFS (code \(code))")
        return FAULT_VFS_NAME
    }()

    /// A read/write configuration whose connections go through the faulty VFS.
    static var configuration: DatabaseConfiguration {
        var configuration = DatabaseConfiguration()
        configuration.vfsName = name
        return configuration
    }

    /// Zeroes the counts, runs `body` and returns how many operations of `kind` it performed.
    static func countOperations(_ kind: FaultKind, during body: () throws -> Void) rethrows -> Int {
        _ = name
        fault_vfs_disarm()
        fault_vfs_reset_counts()
        try body()
        return Int(fault_vfs_operation_count(kind.mask))
    }

    /// Operations of `kind` since the counts were last zeroed.
    static func operations(_ kind: FaultKind) -> Int { Int(fault_vfs_operation_count(kind.mask)) }

    /// Operations failed since the counts were last zeroed.
    static var injectedCount: Int { Int(fault_vfs_injected_count()) }

    /// Arms `fault` for the `n`th operation of its kind, runs `body`, then disarms (also when
    /// `body` throws). Returns `body`'s result and how many operations were failed.
    static func inject<T>(_ fault: Fault, at n: Int, during body: () throws -> T) rethrows -> (result: T, injected: Int) {
        _ = name
        fault_vfs_reset_counts()
        fault_vfs_arm(fault.kind.mask, Int64(n), fault.error.rawValue, fault.isPersistent)
        defer { fault_vfs_disarm() }
        let result = try body()
        return (result, Int(fault_vfs_injected_count()))
    }
}

/// A kind of file operation the VFS can fail.
enum FaultKind: String, CaseIterable, Sendable {
    case read, write, sync
    /// Taking a lock: `xLock` on the database file and, because a WAL database locks through
    /// its shared-memory index instead, `xShmLock` acquisitions.
    case lock
    /// Shrinking a file (the WAL after a checkpoint, a journal) and reading a file's size.
    case truncate, fileSize

    var mask: UInt32 {
        switch self {
        case .read: UInt32(FAULT_VFS_READ)
        case .write: UInt32(FAULT_VFS_WRITE)
        case .sync: UInt32(FAULT_VFS_SYNC)
        case .lock: UInt32(FAULT_VFS_LOCK | FAULT_VFS_SHM_LOCK)
        case .truncate: UInt32(FAULT_VFS_TRUNCATE)
        case .fileSize: UInt32(FAULT_VFS_FILE_SIZE)
        }
    }
}

/// One fault to inject: which operation fails, with which error, once or from then on.
struct Fault: Sendable, CustomTestStringConvertible, CustomStringConvertible {
    let kind: FaultKind
    /// `.ioError` (reported with the extended code for the kind) or `.full`.
    let error: SQLiteCode
    let isPersistent: Bool

    var description: String { testDescription }

    var testDescription: String {
        "\(kind.rawValue) fails with \(error == .full ? "SQLITE_FULL" : "SQLITE_IOERR") \(isPersistent ? "from then on" : "once")"
    }

    /// Every kind × {I/O error, disk full} × {once, persistent}.
    static let all: [Fault] = FaultKind.allCases.flatMap { kind in
        [SQLiteCode.ioError, .full].flatMap { error in
            [false, true].map { Fault(kind: kind, error: error, isPersistent: $0) }
        }
    }
}
