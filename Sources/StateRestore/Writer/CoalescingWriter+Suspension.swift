import JSON
import StateStore

extension CoalescingWriter {
    /// Writes what is pending, then closes the connection and holds every later save in
    /// memory, opening nothing, until ``resumeWriting(at:)``. When the write fails (a full
    /// disk), the connection is closed all the same and what was not written stays pending for
    /// the resume: the writer stayed open, and its next window wrote while the app was
    /// suspended (and held the file's lock, for which iOS terminates a suspended app).
    func suspendWriting() throws {
        defer {
            store.withLock { connection in
                if case .open(let store) = connection { store.close() }
                if case .closed = connection { return }
                connection = .suspended
            }
        }
        _ = try writePending(includingUses: true)
    }

    /// Why `connection` holds saves instead of writing them (suspended, or closed for good);
    /// nil when it may write.
    static func holdingReason(_ connection: Connection) -> String? {
        switch connection {
        case .suspended: "the app is suspended (its connections are closed until resume(), which writes the saves)"
        case .closed: "the restorer was closed (close()); saves made since are never written"
        case .unopened, .open: nil
        }
    }

    /// Lets writes open the connection again at the next write, on `file` when given (the
    /// database's new place).
    func resumeWriting(at file: RestorerFile? = nil) {
        store.withLock { connection in
            if let file { location.withLock { $0 = file } }
            if case .suspended = connection { connection = .unopened }
        }
    }
}
