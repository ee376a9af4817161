import JSON
import StateStore

extension CoalescingWriter {
    /// Writes what is pending, then closes the connection and holds every later save in
    /// memory, opening nothing, until ``resumeWriting()``.
    func suspendWriting() throws {
        try flush()
        store.withLock { connection in
            if case .open(let store) = connection { store.close() }
            if case .closed = connection { return }
            connection = .suspended
        }
    }

    /// Lets writes open the connection again (at the next write).
    func resumeWriting() {
        store.withLock { connection in
            if case .suspended = connection { connection = .unopened }
        }
    }

    /// Lets writes open the connection again, on `file` (the database's new place), at the next
    /// write.
    func resumeWriting(at file: RestorerFile) {
        store.withLock { connection in
            location.withLock { $0 = file }
            if case .suspended = connection { connection = .unopened }
        }
    }
}
