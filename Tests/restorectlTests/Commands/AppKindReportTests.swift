import Foundation
import JSON
import StateRestore
import TestSupport
import Testing

@testable import restorectl

/// An app kind's own report codes reach the tool's JSON as they are: the vocabulary is open.
@Suite struct AppKindReportTests {
    /// An app's kind whose reconciliation reports a code of its own.
    struct PagerState: Reconcilable {
        static let kind = "pager"
        static let currentVersion = 1
        static let defaultValue = PagerState(page: 1)
        var page: Int

        func reconciled(against pageCount: Int) -> Reconciled<PagerState> {
            guard page > pageCount else { return Reconciled(self) }
            return Reconciled(PagerState(page: pageCount), adjustments: [RestoreReportEntry(RestoreCode("page-clamped"), "page \(page) is past the end; showing \(pageCount)")])
        }
    }

    @Test func anAppKindsOwnCodeIsPrintedByRestoreJSON() throws {
        let file = try StateFile()
        let restorer = StateRestorer(path: file.path)
        defer { try? restorer.close() }
        let key = try SceneKey(scene: "pager")
        try restorer.save(PagerState(page: 40), for: key)
        let restored = restorer.restore(PagerState.self, key, against: 12)
        #expect(restored.adjustments.map(\.code) == [RestoreCode("page-clamped")])

        let json = JSONOutput.restoration(restored.summary)
        #expect(json["kind"] == .string("pager"))
        #expect(json["state"] == .object(["version": 1, "page": 12]))
        #expect(json["report"] == .array([.object(["code": "page-clamped", "detail": "page 40 is past the end; showing 12"])]))
        #expect(json["frame"] == nil)
    }
}
