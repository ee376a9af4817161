import Testing

@testable import ScreenModels

@Suite struct CatalogDocumentTests {
    @Test func validatingInitRejectsDuplicateIDsWithTheDuplicate() {
        #expect(throws: CatalogDocumentError.duplicateBookID(2)) {
            try CatalogDocument(validating: [
                CatalogBook(id: 1, title: "A"), CatalogBook(id: 2, title: "B"), CatalogBook(id: 2, title: "C"),
            ])
        }
    }

    @Test func validatingInitKeepsUniqueBooksInOrder() throws {
        let books = [CatalogBook(id: 3, title: "C"), CatalogBook(id: 1, title: "A")]
        let document = try CatalogDocument(validating: books)
        #expect(document.books == books)
        #expect(document == CatalogDocument(books: books))
        #expect(document.book(withID: 1) == CatalogBook(id: 1, title: "A"))
        #expect(document.book(withID: 2) == nil)
    }

    @Test func duplicateErrorDescribesTheID() {
        #expect(
            CatalogDocumentError.duplicateBookID(7).errorDescription
                == "The catalog contains more than one book with ID 7.")
    }

    @Test func frameListsCaseInsensitiveMatchesInDocumentOrder() {
        let document = CatalogDocument(books: [
            CatalogBook(id: 1, title: "Swift"), CatalogBook(id: 2, title: "Algorithms"),
            CatalogBook(id: 3, title: "SWIFTLY"), CatalogBook(id: 4, title: "Rust"),
        ])
        let state = CatalogViewState(query: "sWiFt", selectedID: 2)
        #expect(
            document.frame(for: state)
                == CatalogFrame(
                    rows: [CatalogBook(id: 1, title: "Swift"), CatalogBook(id: 3, title: "SWIFTLY")],
                    selectedID: 2, query: "sWiFt"))
    }

    @Test(arguments: [("école", [1]), ("CAFÉ", [2]), ("e", [1, 2, 3]), ("é", [1, 2]), ("a\nb", [3])])
    func nonASCIITitlesMatchWithCanonicalEquivalence(query: String, ids: [Int]) {
        let document = CatalogDocument(books: [
            CatalogBook(id: 1, title: "ÉCOLE"),
            CatalogBook(id: 2, title: "Cafe\u{301} society"),
            CatalogBook(id: 3, title: "Line a\r\nb and plain a\nb"),
        ])
        #expect(document.frame(for: CatalogViewState(query: query)).rows.map(\.id) == ids)
    }

    /// Every title of two letters and a space up to five characters long against every query
    /// of them up to three: first bytes that repeat, matches at either end, partial matches
    /// before a whole one ("aab" in "aaab") and queries longer than the title all match as
    /// `String.contains` on the lowercased strings does.
    @Test func asciiMatchingAgreesWithStringContainsOnEveryShortTitle() {
        let words = Self.strings(over: ["a", "B", " "], upTo: 5)
        let document = CatalogDocument(books: words.enumerated().map { CatalogBook(id: $0.offset, title: $0.element) })
        for query in Self.strings(over: ["A", "b", " "], upTo: 3) {
            let expected = words.indices.filter { query.isEmpty || words[$0].lowercased().contains(query.lowercased()) }
            #expect(document.frame(for: CatalogViewState(query: query)).rows.map(\.id) == expected, "query \"\(query)\"")
        }
    }

    /// Every string of `letters` of length 0 through `length`.
    private static func strings(over letters: [String], upTo length: Int) -> [String] {
        var all = [""]
        var previous = [""]
        for _ in 0..<length {
            previous = previous.flatMap { prefix in letters.map { prefix + $0 } }
            all += previous
        }
        return all
    }

    @Test func onlySelectedWithoutSelectionProjectsNoRows() {
        let document = CatalogDocument(books: [CatalogBook(id: 1, title: "Swift")])
        #expect(document.frame(for: CatalogViewState(showsOnlySelected: true)).rows.isEmpty)
    }

    @Test func onlySelectedStillAppliesTheQuery() {
        let document = CatalogDocument(books: [CatalogBook(id: 1, title: "Swift"), CatalogBook(id: 2, title: "Go")])
        #expect(document.frame(for: CatalogViewState(query: "go", selectedID: 2, showsOnlySelected: true)).rows.map(\.id) == [2])
        #expect(document.frame(for: CatalogViewState(query: "swift", selectedID: 2, showsOnlySelected: true)).rows.isEmpty)
    }

    @Test func largeDocumentProjectsEveryMatch() {
        let document = CatalogDocument(books: (0..<12_000).map { CatalogBook(id: $0, title: $0 % 3 == 0 ? "Fizz \($0)" : "Book \($0)") })
        let frame = document.frame(for: CatalogViewState(query: "FIZZ"))
        #expect(frame.rows.count == 4_000)
        #expect(frame.rows.first?.id == 0)
        #expect(frame.rows.last?.id == 11_997)
    }
}
