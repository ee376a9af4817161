import JSON
import StateStore

extension CoalescingWriter {
    /// Writes what is pending, then closes the connection and holds every later save in
    /// memory, opening nothing, until ``resumeWriting(at:)``.
    func suspendWriting() throws {
        try flush()
        store.withLock { connection in
            if case .open(let store) = connection { store.close() }
            if case .closed = connection { return }
            connection = .suspended
        }
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
