import StateStore

extension StateRestorer {
    /// The app is being suspended: writes everything pending (handing over the live trackings'
    /// state, completing the restores persistence was about to complete), then closes every
    /// connection and the guard file, so the process holds no lock on the database, its
    /// `-wal`, its `-shm` or the guard file. iOS terminates a suspended app that holds a file
    /// lock in an app-group container (`0xdead10cc`).
    ///
    /// Until ``resume(isolation:)`` (or ``close(isolation:)``, which writes them), persisted
    /// screens' saves stay pending in memory, nothing is opened or written, a hand save
    /// (``save(_:for:replacingNewer:)``) throws ``RestoreError/databaseUnusable(_:)`` saying the
    /// restorer is suspended (nothing is kept for it), and a restore answers the default state
    /// (`restorer-suspended`). Call it from the scene's
    /// `didEnterBackground` (or `applicationDidEnterBackground`) inside a background task.
    ///
    /// - Throws: the storage error when the final write failed; the connections are closed
    ///   all the same and the states stay pending for `resume`.
    public func suspend(isolation: isolated (any Actor)? = #isolation) throws {
        handOverBeforeWriting(from: isolation)
        defer {
            restoring.withLock { side in
                // A closed restorer stays closed: suspending it, then resuming, must not
                // reopen a connection that reads and writes again (model sequence
                // Fixtures/sequences/closed-restorer-stays-closed-through-suspend-and-resume.txt).
                guard !side.isClosed else { return }
                // Taken at the suspension, not at a second one (its connection is closed by then).
                if !side.isSuspended { side.holdsLiveScenesWhileSuspended = Self.publishesWithLock(side) }
                releaseLaunchGuard(&side)
                // Its file stays allocated while no connection is open (no lock is held).
                if side.keptFile == nil, let hold = DatabaseFileHold(location.withLock({ $0.file })) { side.keptFile = .held(hold) }
                side.store?.close()
                side.store = nil
                side.isSuspended = true
                side.crashLoopCheck = nil
            }
            // A suspended process holds no lock: its scenes stay published, held without one,
            // for as long as the process lives.
            OpenRestorers.publishLiveScenes(of: self)
        }
        try persistence.writer.suspendWriting()
    }

    /// The app is back in the foreground: reopens the database (as a launch opens it) and
    /// writes what was saved while suspended.
    ///
    /// It reopens the file it opened before or nothing: a file moved (`restorectl move`),
    /// removed or replaced meanwhile is reported (`database-unavailable`), restores answer the
    /// default state and saves are refused; nothing is created at the old path.
    @discardableResult
    public func resume(isolation: isolated (any Actor)? = #isolation) throws -> [SceneKey] {
        let reopened = restoring.withLock { side -> Bool in
            guard side.isSuspended, !side.isClosed else { return false }
            reopen(&side)
            Self.releaseReadOnlyConnection(&side)
            // Reopened (or read only): the hold is done; a file gone meanwhile stays held.
            if side.store != nil || !side.databaseReport.contains(where: { RestoreCode.fileNotRead.contains($0.code) }), case .held? = side.keptFile {
                side.keptFile = nil
            }
            side.isSuspended = false
            side.guardUnavailable = nil
            return true
        }
        guard reopened else { return [] }
        OpenRestorers.publishLiveScenes(of: self)
        persistence.writer.resumeWriting()
        return try flush(isolation: isolation)
    }
}

extension StateRestorer {
    /// How this restorer's live scenes are published for other processes: under the
    /// process's lock while it may write, has a connection to the file and is neither
    /// suspended nor closed; held without a lock while suspended (its screens are still on
    /// screen: a discard elsewhere is refused while the process lives); not at all when it
    /// only reads or is closed.
    var livePublication: LivePublication {
        guard !readsOnly else { return .none }
        return restoring.withLock { side in
            if side.isClosed { return .none }
            if side.isSuspended { return side.holdsLiveScenesWhileSuspended ? .heldWhileSuspended : .none }
            return Self.publishesWithLock(side) ? .withLock : .none
        }
    }

    /// Whether a restorer in the state `side` (neither suspended nor closed) publishes under
    /// the process's lock: it has a connection to the file, or reads it only because it may
    /// not write it now.
    private static func publishesWithLock(_ side: RestoreSide) -> Bool {
        side.store != nil || side.databaseReport.contains { $0.code == .databaseReadOnly }
    }

    /// How a restorer's live scenes reach other processes (``livePublication``).
    enum LivePublication {
        case none, withLock, heldWhileSuspended
    }
}
