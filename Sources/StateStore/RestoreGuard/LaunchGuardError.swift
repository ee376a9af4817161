import Foundation

/// Why the launch guard could not record a mark: the restore goes on, unguarded, and says so.
package enum LaunchGuardError: Error, Equatable, Sendable {
    /// The guard file cannot be opened, created or written (`errno` says why: no space, a
    /// read-only file system, permissions).
    case unavailable(path: String, errno: Int32)
    /// Something other than a regular file is at the guard file's path (a symbolic link, a
    /// directory): it is never opened through it.
    case notARegularFile(path: String, kind: String)
    /// Every slot is held by a live process.
    case noFreeSlot(slots: Int)
    /// This process already has as many restores in flight as a slot holds.
    case slotFull(capacity: Int)

    /// The reason in words, for a report entry.
    package var reason: String {
        switch self {
        case .unavailable(let path, let code):
            "\(path) cannot be written (\(SystemErrorCause.describe(code)))"
        case .notARegularFile(let path, let kind):
            "\(path) is \(kind), not a regular file, and is never opened through one"
        case .noFreeSlot(let slots):
            "all \(slots) slots of the guard file are held by running processes"
        case .slotFull(let capacity):
            "this process already has \(capacity) restores in flight"
        }
    }
}

extension LaunchGuardError {
    /// The guard's error for a refused open of its file.
    init(_ refusal: SiblingFile.Refusal) {
        switch refusal {
        case .notARegularFile(let path, let kind): self = .notARegularFile(path: path, kind: kind)
        case .unavailable(let path, let code): self = .unavailable(path: path, errno: code)
        }
    }
}
