import Foundation
import JSON
import StateStore

extension StateRestorer {
    /// Runs `body` with the launch connection's store (nil when the database may not be read)
    /// and what opening it found: the restore of a kind's snapshots uses it. The connection
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
}
