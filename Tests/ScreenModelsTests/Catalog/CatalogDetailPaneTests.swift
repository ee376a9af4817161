import ScreenModels
import Testing

private let swift = CatalogBook(id: 1, title: "Swift")
private let algorithms = CatalogBook(id: 2, title: "Algorithms")
private let swiftUI = CatalogBook(id: 3, title: "SwiftUI by Example")
private let rust = CatalogBook(id: 4, title: "Rust")

private func request(_ bookID: Int, _ generation: Int) -> CatalogDetailRequest {
    CatalogDetailRequest(bookID: bookID, selectionGeneration: generation)
}

/// The 001 case study: the detail pane's policy and the selection generation.
@Suite struct CatalogDetailPaneTests {
    @Test func slowLoadOfAnEarlierSelectionNeverShowsTheWrongBookEvenAfterReselectingIt() {
        let screen = CatalogScreenModel(document: CatalogDocument(books: [swift, algorithms]))
        let details = ControlledDetails(screen: screen)
        #expect(screen.detail == .closed)

        screen.send(.selected(1))
        #expect(screen.detail == .loading(request(1, 1)))
        screen.send(.selected(2))
        #expect(screen.detail == .loading(request(2, 2)))
        screen.send(.selected(1))  // the same book again: a new request, not the first one revived
        #expect(screen.detail == .loading(request(1, 3)))
        #expect(details.started == [request(1, 1), request(2, 2), request(1, 3)])

        details.complete(0, summary: "stale Swift")
        #expect(screen.detail == .loading(request(1, 3)))
        details.complete(1, summary: "Algorithms")
        #expect(screen.detail == .loading(request(1, 3)))
        details.complete(2, summary: "Swift, current")
        #expect(screen.detail == .loaded(request(1, 3), CatalogBookDetail(bookID: 1, summary: "Swift, current")))

        details.fail(0)  // a late failure of an old request changes nothing either
        #expect(screen.detail == .loaded(request(1, 3), CatalogBookDetail(bookID: 1, summary: "Swift, current")))
    }

    @Test func keepingPolicyShowsTheHiddenSelectionThroughFilterReorderAndClosesWhenItIsDeleted() {
        let screen = CatalogScreenModel(document: CatalogDocument(books: [swift, algorithms, swiftUI, rust]))
        let details = ControlledDetails(screen: screen)

        screen.send(.selected(2))
        #expect(screen.viewState == CatalogViewState(selectedID: 2))
        #expect(screen.frame.rows == [swift, algorithms, swiftUI, rust])
        #expect(screen.detail == .loading(request(2, 1)))
        details.complete(0, summary: "Algorithms")
        let shown = CatalogDetailPane.loaded(request(2, 1), CatalogBookDetail(bookID: 2, summary: "Algorithms"))
        #expect(screen.detail == shown)

        screen.send(.queryChanged("swift"))
        #expect(screen.viewState == CatalogViewState(query: "swift", selectedID: 2))
        #expect(screen.frame.rows == [swift, swiftUI])
        #expect(screen.detail == shown)

        screen.send(.documentReplaced(CatalogDocument(books: [rust, swiftUI, algorithms, swift])))
        #expect(screen.viewState == CatalogViewState(query: "swift", selectedID: 2))
        #expect(screen.frame.rows == [swiftUI, swift])
        #expect(screen.detail == shown)

        screen.send(.documentReplaced(CatalogDocument(books: [rust, swiftUI, swift])))
        #expect(screen.viewState == CatalogViewState(query: "swift"))
        #expect(screen.frame.rows == [swiftUI, swift])
        #expect(screen.detail == .closed)
        #expect(details.started == [request(2, 1)])
    }

    @Test func closingPolicyClosesWhileTheListHidesTheSelectionAndReopensWithANewLoad() {
        let screen = CatalogScreenModel(
            document: CatalogDocument(books: [swift, algorithms, swiftUI, rust]), detailPolicy: .closesWhenHidden)
        let details = ControlledDetails(screen: screen)

        screen.send(.selected(2))
        #expect(screen.detail == .loading(request(2, 1)))

        screen.send(.queryChanged("swift"))
        #expect(screen.viewState == CatalogViewState(query: "swift", selectedID: 2))
        #expect(screen.frame.rows == [swift, swiftUI])
        #expect(screen.detail == .closed)
        details.complete(0, summary: "Algorithms, too late")
        #expect(screen.detail == .closed)

        screen.send(.documentReplaced(CatalogDocument(books: [rust, swiftUI, algorithms, swift])))
        #expect(screen.viewState == CatalogViewState(query: "swift", selectedID: 2))
        #expect(screen.frame.rows == [swiftUI, swift])
        #expect(screen.detail == .closed)

        screen.send(.queryChanged(""))
        #expect(screen.frame.rows == [rust, swiftUI, algorithms, swift])
        #expect(screen.detail == .loading(request(2, 2)))
        details.complete(0, summary: "Algorithms, too late")
        #expect(screen.detail == .loading(request(2, 2)))
        details.complete(1, summary: "Algorithms")
        #expect(screen.detail == .loaded(request(2, 2), CatalogBookDetail(bookID: 2, summary: "Algorithms")))

        screen.send(.documentReplaced(CatalogDocument(books: [rust, swiftUI, swift])))
        #expect(screen.viewState == CatalogViewState())
        #expect(screen.detail == .closed)
        #expect(details.started == [request(2, 1), request(2, 2)])
    }

    @Test func twoWindowsOverOneDocumentApplyTheirOwnPolicies() {
        let document = CatalogDocument(books: [swift, algorithms])
        let keeping = CatalogScreenModel(document: document, viewState: CatalogViewState(selectedID: 2))
        let closing = CatalogScreenModel(
            document: document, viewState: CatalogViewState(selectedID: 2), detailPolicy: .closesWhenHidden)
        keeping.send(.queryChanged("swift"))
        closing.send(.queryChanged("swift"))
        #expect(keeping.detail == .loading(request(2, 1)))
        #expect(closing.detail == .closed)
    }

    @Test func restoredSelectionOpensThePaneAndTheControllerLoadsIt() {
        let screen = CatalogScreenModel(
            document: CatalogDocument(books: [swift, algorithms]), viewState: CatalogViewState(selectedID: 1))
        let details = ControlledDetails(screen: screen)
        #expect(details.started == [request(1, 1)])
        details.fail(0)
        #expect(screen.detail == .failed(request(1, 1)))
    }

    @Test func detailForAnotherBookThanRequestedIsIgnored() {
        let screen = CatalogScreenModel(document: CatalogDocument(books: [swift, algorithms]))
        screen.send(.selected(1))
        screen.send(.detailLoaded(CatalogBookDetail(bookID: 2, summary: "Wrong"), for: request(1, 1)))
        #expect(screen.detail == .loading(request(1, 1)))
    }

    @Test func detailChangesReachTheControllerBeforeTheFrameAndIgnoredAnswersPublishNothing() {
        let screen = CatalogScreenModel(document: CatalogDocument(books: [swift, algorithms]))
        var events: [String] = []
        screen.detailChanged = { events.append("detail \($0.bookID.map(String.init) ?? "closed")") }
        screen.changed = { events.append("frame \($0.selectedID.map(String.init) ?? "none")") }
        screen.send(.selected(1))
        screen.send(.queryChanged("s"))
        screen.send(.detailLoaded(CatalogBookDetail(bookID: 1, summary: "old"), for: request(1, 99)))
        #expect(events == ["detail 1", "frame 1", "frame 1"])
    }
}
