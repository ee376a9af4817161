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
        try flush()
    }

    /// Why writing cannot happen now (suspended, or closed for good) and the scenes with a
    /// save held meanwhile, each once, in order; nil when the writer may write.
    var savesHeld: (reason: String, scenes: [SceneKey])? {
        store.withLock { connection in
            let reason: String
            switch connection {
            case .suspended: reason = "the app is suspended (its connections are closed until resume(), which writes the saves)"
            case .closed: reason = "the restorer was closed (close()); saves made since are never written"
            case .unopened, .open: return nil
            }
            return (reason, pendingScenes)
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
