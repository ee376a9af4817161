import Observation
import ScreenModels
import Testing

/// The 003 exercise: a preview with a fixed loader, through the real ownership boundary.
@MainActor
@Suite struct NotesPreviewTests {
    @Test func previewStartsNoWorkUntilItAppearsThenShowsTheFixedNotesFiltered() async throws {
        let host = NotesFeatureHost.preview(restoredQuery: "swift", restoredSelectedNoteID: 3)
        let log = ChangeLog.observing("model changed") { _ = (host.model.notes, host.model.isLoading, host.model.message) }
        await drainMainActor()
        #expect(log.recorded.isEmpty)
        #expect(host.model.notes.isEmpty && !host.model.isLoading)

        let appeared = host.appear()
        try #require(await bounded("the preview's load") { await appeared.value } != nil)
        #expect(host.model.notes == FixedNotes.preview.notes)
        #expect(host.model.visibleNotes.map(\.id) == [1, 3])
        #expect(host.model.selectedNoteID == 3)
        #expect(!host.model.isLoading && host.model.message == nil)
    }

    @Test func previewNotesHaveUniqueIdentities() {
        let ids = FixedNotes.preview.notes.map(\.id)
        #expect(Set(ids).count == ids.count)
    }
}
