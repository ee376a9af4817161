import Foundation
import StateRestore
import StateStore
import TestSupport
import Testing

/// A kind or report-code name that breaks the naming rules is reported at the first restore,
/// as a report entry and as a warning event of the restorer's handler (once per restorer).
struct InvalidNameLogTests {
    /// A kind whose name breaks the rules (only this suite restores it, so its line is fresh).
    struct MisnamedState: RestorableState {
        static let kind = "Misnamed_Kind"
        static let currentVersion = 1
        static let defaultValue = MisnamedState(page: 1)
        var page: Int
    }

    /// A kind whose reconciliation reports a code that breaks the rules.
    struct ClampingState: Reconcilable {
        static let kind = "clamping"
        static let currentVersion = 1
        static let defaultValue = ClampingState(page: 1)
        var page: Int

        func reconciled(against pageCount: Int) -> Reconciled<ClampingState> {
            guard page > pageCount else { return Reconciled(self) }
            return Reconciled(ClampingState(page: pageCount), adjustments: [RestoreReportEntry(RestoreCode("Page_Clamped"), "page \(page) is past the end")])
        }
    }

    @Test func anInvalidKindOrCodeNameIsReportedAndDeliveredAsAWarningOnce() throws {
        let events = Locked([RestoreEvent]())
        let file = try StateFile()
        let restorer = StateRestorer(path: file.path, events: RestoreEventHandler { event in events.withLock { $0.append(event) } })
        defer { try? restorer.close() }
        let key = try SceneKey(scene: "main")

        for _ in 0..<2 {
            let restored = restorer.restore(MisnamedState.self, key)
            #expect(restored.report.first?.code == .kindInvalid)
        }
        try restorer.save(ClampingState(page: 9), for: key)
        let clamped = restorer.restore(ClampingState.self, key, against: 3)
        #expect(clamped.state.page == 3)
        #expect(clamped.report.map(\.code) == [.codeInvalid, RestoreCode("Page_Clamped")], "\(clamped.report)")
        _ = restorer.restore(ClampingState.self, key, against: 3)

        let warnings = events.withLock { $0 }.filter(\.isWarning)
        #expect(warnings.map(\.codes) == [[.kindInvalid], [.codeInvalid]], "each is delivered once: \(warnings)")
        #expect(warnings.map(\.kind) == ["Misnamed_Kind", "clamping"])
        #expect(warnings[0].message?.contains("Misnamed_Kind") == true && warnings[1].message?.contains("Page_Clamped") == true)
    }
}
