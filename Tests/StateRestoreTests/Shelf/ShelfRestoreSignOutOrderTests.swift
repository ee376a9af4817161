import Foundation
import ScreenKinds
import ScreenModels
import StateStore
import TestSupport
import Testing

@testable import StateRestore

/// The shelf's format, with a sign-out of the shelf's account run by another process
/// (`restorectl purge`) while the restore decodes the stored snapshot: the moment between
/// reading the snapshots and reading the account's sign-out generation.
private enum ShelfSignedOutWhileDecoding: SnapshotFormat {
    typealias Snapshot = ShelfSnapshotCodec.Stored
    static let kind = ShelfSnapshotCodec.kind
    static let currentVersion = ShelfSnapshotCodec.currentVersion
    static var kept: Int { ShelfSnapshotCodec.kept }
    /// The database whose account the next decode purges, once.
    static let purging = Locked<(path: String, account: String)?>(nil)

    static func decode(stored bytes: UnsafeBufferPointer<UInt8>) -> RecordDecoding<Snapshot> {
        let target = purging.withLock { target in
            defer { target = nil }
            return target
        }
        if let (path, account) = target {
            _ = try? ChildRun(restorectl: ["purge", "--db", path, "--account", account])
        }
        return ShelfSnapshotCodec.decode(stored: bytes)
    }

    static func encoded(_ snapshot: Snapshot) throws -> (bytes: [UInt8], rowCount: Int, fetchedAt: Double) {
        try ShelfSnapshotCodec.encoded(snapshot)
    }

    static func keeping(_ stored: Snapshot, in snapshot: Snapshot) -> Snapshot {
        ShelfSnapshotCodec.keeping(stored, in: snapshot)
    }
}

/// A shelf restored while another process signs its account out keeps its saves fenced: the
/// restore reads the account's generation before the snapshots, so a sign-out between the two
/// leaves it the generation from before. Read after them (in a transaction of its own), the
/// restore took the new generation with the signed-out account's snapshot, and its next save
/// wrote the account back.
@Suite struct ShelfRestoreSignOutOrderTests {
    let file: StateFile

    init() throws { file = try StateFile() }

    @Test func aSignOutWhileTheShelfIsReadFencesTheShelfsNextSave() throws {
        let snapshot = ShelfSnapshot(books: [ShelfBook(id: 1, title: "Dune", revision: 1)], fetchedAt: Date(timeIntervalSince1970: 1_000), query: "du")
        let restorer = StateRestorer(path: file.path)
        defer { try? restorer.close() }
        try restorer.saveShelf(snapshot, shelf: "to-read", account: "alice")

        ShelfSignedOutWhileDecoding.purging.withLock { $0 = (file.path, "alice") }
        let restored = restorer.restoreSnapshot(ShelfSignedOutWhileDecoding.self, named: "to-read", account: "alice")
        #expect(ShelfSignedOutWhileDecoding.purging.withLock { $0 } == nil, "the purge ran during the restore")
        #expect(restored.snapshot?.snapshot.query == "du", "the restore read the snapshot from before the purge")

        #expect(throws: StoreError.accountSignedOut(account: "alice")) {
            try restorer.saveShelf(snapshot, shelf: "to-read", account: "alice")
        }
        let after = StateRestorer(path: file.path)
        defer { try? after.close() }
        #expect(after.restoreShelf("to-read", account: "alice").report.map(\.code) == [.noRecord], "the signed-out account's shelf is not back")
    }
}
