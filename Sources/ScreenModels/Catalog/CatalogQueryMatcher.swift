/// A query lowercased once, matched against pre-lowercased titles.
struct CatalogQueryMatcher {
    let folded: CatalogFoldedText

    init(query: String) {
        folded = CatalogFoldedText(query)
    }

    var matchesEverything: Bool { folded.bytes.isEmpty }

    func matches(_ foldedTitle: CatalogFoldedText) -> Bool {
        matchesEverything || foldedTitle.contains(folded)
    }
}
