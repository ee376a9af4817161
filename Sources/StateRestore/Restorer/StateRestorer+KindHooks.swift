import Foundation
import JSON
import StateStore

extension StateRestorer {
    /// Runs `body` with the launch connection's store (nil when the database may not be read)
    /// and what opening it found: the article screens' shelf snapshots use it. The connection
    /// is lent, never handed out: `body` runs under the restore side's lock, so no other thread
    /// uses it meanwhile, and nothing it returns may hold it (`sending`). A closed or
    /// suspended restorer reads nothing, and the report says why, as a record's restore does:
    /// an empty report with nothing restored read as "nothing stored", and the collection's
    /// restore counted as one that saw the file (model sequence
    /// Fixtures/sequences/shelf-restore-after-close-says-why.txt).
    package func withStore<T>(_ body: sending (Store?, [RestoreReportEntry]) throws -> sending T) rethrows -> sending T {
        try restoring.withLock { side in
            if side.isClosed {
                return try body(nil, [RestoreReportEntry(.databaseUnavailable, "the restorer was closed (close()); nothing is read again")])
            }
            if side.isSuspended {
                return try body(nil, [RestoreReportEntry(.restorerSuspended, "the app is suspended (its connections are closed until resume()); nothing was read")])
            }
            reopenIfUnavailable(&side)
            defer { Self.releaseReadOnlyConnection(&side) }
            return try body(side.store, side.databaseReport)
        }
    }

    /// Notes what the last restore of `collection` (what a kind stores outside records, such
    /// as a shelf's snapshots, named by the kind) saw: whether it read the file (until one
    /// does, its saves must not hide what is stored) and `account`'s sign-out generation.
    package func noteRestore(ofCollection collection: String, account: String, sawFile: Bool) {
        restoring.withLock { side in
            let generation = sawFile ? try? side.store?.accountGeneration(account) : nil
            side.gate.noteRestore(ofCollection: collection, WriteGate.Sighting(generation: generation, discardEpoch: nil, isUnseen: !sawFile))
            if generation != nil { SignedOutAccounts.forget(account, at: file) }
        }
    }

    /// Whether the last restore of `collection` could not read the file.
    package func collectionIsUnseen(_ collection: String) -> Bool {
        restoring.withLock { $0.gate.sighting(ofCollection: collection)?.isUnseen ?? false }
    }

    /// The write gate's rules for a save of `collection`'s snapshot (of `account`) in a format
    /// this build reads up to `readableUpTo`: fenced at the generation its latest restore
    /// captured, or, never restored, the one its first save finds.
    package func snapshotRules(forCollection collection: String, account: String, readableUpTo: Int) -> WriteRules {
        restoring.withLock { side in
            reopenIfUnavailable(&side)
            defer { Self.releaseReadOnlyConnection(&side) }
            let store = side.store
            if side.gate.sighting(ofCollection: collection)?.generation == nil, let fence = SignedOutAccounts.fence(for: account, at: file) {
                return WriteGate.snapshotRules(after: WriteGate.Sighting(generation: fence), readableUpTo: readableUpTo)
            }
            let sighting = side.gate.sightingForSave(ofCollection: collection) { firstFence(in: store, account: account) }
            return WriteGate.snapshotRules(after: sighting, readableUpTo: readableUpTo)
        }
    }
}
