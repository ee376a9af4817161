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

    /// The scenes with a save held because writing is suspended, each once, in order; nil when
    /// writing is not suspended.
    var savesHeldWhileSuspended: [SceneKey]? {
        store.withLock { connection in
            guard case .suspended = connection else { return nil }
            return state.withLock { pending in
                var scenes: [SceneKey] = []
                for key in pending.entries.keys where !scenes.contains(key.scene) { scenes.append(key.scene) }
                return scenes.sorted { ($0.account, $0.scene) < ($1.account, $1.scene) }
            }
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
