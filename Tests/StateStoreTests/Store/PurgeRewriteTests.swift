import Foundation
import TestSupport
import Testing

@testable import StateStore

/// A purge rewrites every page of the file (`VACUUM`): `secure_delete` zeroes what a write
/// deletes, not the copy of a record a page split left behind.
///
/// A split copies records to a new page and rebuilds the old one from the records it keeps,
/// and the rebuild can leave a moved record's old bytes between the page's cell pointers and
/// its content. Three accounts' records are saved in one transaction, the leaving account's
/// first, as many pages split under them; each layout here left one such copy (found among 240
/// layouts of the leaving account's count and the records' size, SQLite 3.40), and each test
/// first checks, on a file of its own, that the layout still does.
@Suite struct PurgeRewriteTests {
    static let marker = "SPLIT-REMNANT-4c2e"

    /// Saves the layout: 3,000 records, the first `leavingRecords` of account `mmm-leaving`
    /// (sorted between the other two accounts' records) and carrying the marker. A copy left
    /// behind holds the account's name and, unless it was cut short, the marker.
    private static func saveLayout(leavingRecords: Int, paddingLength: Int, in store: Store) throws {
        let padding = String(repeating: "p", count: paddingLength)
        try store.writeTransaction {
            for index in 0..<3_000 {
                let leaving = index < leavingRecords
                let account = leaving ? "mmm-leaving" : index.isMultiple(of: 2) ? "aaa-staying" : "zzz-staying"
                let payload = leaving ? "{\"query\":\"\(marker)-\(index)-\(padding)\"}" : "{\"query\":\"\(padding)\"}"
                try store.saveRecord(payload, version: 1, account: account, scene: "scene-\(index)", kind: "catalog")
            }
        }
        try store.checkpoint()
    }

    @Test(arguments: zip([8, 11, 34], [130, 40, 200]))
    func aPurgeLeavesNoCopyOfARecordThatAPageSplitLeftBehind(leavingRecords: Int, paddingLength: Int) throws {
        // The control: the account's records deleted with `secure_delete` on and no rewrite.
        let control = try StateFile()
        let unrewritten = try Store(path: control.path, migrator: .withNoOpDataSteps())
        try Self.saveLayout(leavingRecords: leavingRecords, paddingLength: paddingLength, in: unrewritten)
        try unrewritten.writeTransaction { try unrewritten.database.execute("DELETE FROM scene_state WHERE account = 'mmm-leaving'") }
        try unrewritten.checkpoint()
        unrewritten.close()
        try #require(
            DatabaseBytes.hold(Self.marker, at: control.path) || DatabaseBytes.hold("mmm-leaving", at: control.path),
            "the layout no longer leaves a copy behind a split: find one that does")

        let file = try StateFile()
        let store = try Store(path: file.path, migrator: .withNoOpDataSteps())
        try Self.saveLayout(leavingRecords: leavingRecords, paddingLength: paddingLength, in: store)
        let result = try store.purge(account: "mmm-leaving", forgettingGuardMarks: false)
        #expect(result.records == leavingRecords && result.leavesNoTrace)
        store.close()
        #expect(!DatabaseBytes.hold(Self.marker, at: file.path), "a copy of a purged record is still in the file")
        #expect(!DatabaseBytes.hold("mmm-leaving", at: file.path), "the purged account's name is still in the file")
        let reopened = try Store(path: file.path, migrator: .withNoOpDataSteps())
        defer { reopened.close() }
        #expect(try reopened.recordSummaries().count == 3_000 - leavingRecords)
        #expect(try reopened.integrityProblems().isEmpty)
    }
}
