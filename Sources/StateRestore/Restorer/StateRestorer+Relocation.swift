import StateStore

extension StateRestorer {
    /// Moves the database to `newPath` and goes on there: writes everything pending, closes
    /// every connection and the guard file, copies the file with SQLite's backup API under a
    /// temporary name, verifies the copy (`integrity_check` and the row count of every table),
    /// links it into place, removes the old database, `-wal`, `-shm` and guard file, and
    /// reopens at the new path, which ``path`` then names. From its last check to the removal
    /// of the old file it holds that file's exclusive lock, so no other process's save is left
    /// behind in it (as `restorectl move`). An app adding its first widget moves its state into
    /// the app-group container this way, once, before the extension ever opens it:
    ///
    /// ```swift
    /// // not compiled: the container's URL comes from the app's entitlements
    /// let group = FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: "group.com.example.reader")!
    /// try restorer.relocate(to: group.appending(path: "state.sqlite").path)
    /// ```
    ///
    /// Live trackings stay live and save at the new path. When anything fails before the old
    /// file is removed (nothing may exist at `newPath`, and nothing else may have the file
    /// open), the copy is removed and the restorer reopens the old file as it was.
    ///
    /// - Returns: how many records were moved.
    /// - Throws: ``RestoreError/databaseUnusable(_:)`` for a restorer that only reads, an extension's restorer (the app
    ///   moves the file), a closed or suspended one, one while another restorer of this process
    ///   on the file is not closed (even suspended), or a file being migrated in the
    ///   background; `StoreError.notARegularFile` when the restorer reached its file through a
    ///   link (what a link points at is never moved), or for a `newPath` that is empty, ends in
    ///   a slash or is one of the database's own companion names (`<db>-wal`, `<db>-guard`, …);
    ///   otherwise the storage's error, with nothing moved.
    @discardableResult
    public func relocate(to newPath: String, isolation: isolated (any Actor)? = #isolation) throws -> Int {
        guard configuration.role.maintainsFile else { throw RestoreError.databaseUnusable("an extension never moves the database; the app does") }
        guard !readsOnly else { throw Self.readsOnlyRefusal }
        let (isClosed, isSuspended) = restoring.withLock { ($0.isClosed, $0.isSuspended) }
        guard !isClosed else { throw RestoreError.databaseUnusable("the restorer is closed") }
        guard !isSuspended else { throw RestoreError.databaseUnusable("the app is suspended; move the database after resume()") }
        guard !DeferredMigration.isRunning(location.withLock { $0.file }) else { throw RestoreError.databaseUnusable("the database is being migrated in the background; move it once that ends") }
        // Another restorer of this process on the file, suspended or not, would go on at the
        // old path: a suspended one's resume would make a new file there and write to it, which
        // the app no longer reads (model sequence
        // Fixtures/sequences/relocation-while-another-restorer-is-suspended-is-refused.txt).
        guard !OpenRestorers.restorers(sharingFileWith: file).contains(where: { $0 !== self }) else {
            throw RestoreError.databaseUnusable("another restorer of this process uses the file; close it before moving the file")
        }
        handOverBeforeWriting(from: isolation)
        try persistence.writer.suspendWriting()
        // Its live scenes are published beside the file it ends up on (nothing else has it open).
        try? LiveScenesFile.publish([], beside: path)
        defer { OpenRestorers.publishLiveScenes(of: self) }
        // Relative to the working directory now, its folder resolved; a link there is
        // something that exists, refused by the move, never followed.
        if let refusal = DatabasePath.refusal(of: newPath) { throw refusal }
        let destination = DatabasePath.inResolvedFolder(newPath)
        let outcome = restoring.withLock { side -> Result<Int, any Error> in
            releaseLaunchGuard(&side)
            side.store?.close()
            side.store = nil
            let file = file
            let outcome = Result { try Store.relocate(file, to: destination, configuration: configuration) }
            if case .success = outcome {
                let moved = (try? DatabaseFile(resolving: destination)) ?? DatabaseFile(unresolved: destination)
                ScenesInUse.move(from: file.key, to: moved.key)
                SignedOutAccounts.move(from: file.key, to: moved.key)
                location.withLock { $0 = RestorerFile(file: moved, refusal: nil) }
            }
            reopen(&side)
            Self.releaseReadOnlyConnection(&side)
            side.guardUnavailable = nil
            return outcome
        }
        persistence.writer.resumeWriting(at: location.withLock { $0 })
        _ = try? persistence.writer.flush()  // a failure keeps the states pending, as a scheduled write's does
        return try outcome.get()
    }
}
