import StateRestore

/// The reader as a later release might change it and forget the version: `page` becomes a page
/// label (`"xii"` in a preface), a string where every stored record holds an integer.
struct ReaderStateRetyped: RestorableState {
    static let kind = "reader"
    static let currentVersion = 2  // not bumped: the format test fails, naming `page`
    static let defaultValue = ReaderStateRetyped(bookID: nil, page: "1", fontSize: 1.0)

    var bookID: Int?
    var page: String
    var fontSize: Double
}
