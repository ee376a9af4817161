import StateRestore

/// An app's own screen, defined outside the library: a reader showing a book at a page.
///
/// Format history:
/// - v1 (the app's first release): `{"bookID": Int?, "pageNumber": Int}`
/// - v2: `pageNumber` renamed `page`, `fontSize` added (default 1.0)
///
/// This is all an app writes to make a screen restorable: a `Codable` struct, three static
/// members, and the one upgrade step that a rename needs. The added field needs nothing.
struct ReaderState: RestorableState {
    static let kind = "reader"
    static let currentVersion = 2
    static let defaultValue = ReaderState(bookID: nil, page: 1, fontSize: 1.0)

    var bookID: Int?
    var page: Int
    var fontSize: Double

    static func upgrade(_ record: inout JSONObject, from version: Int) throws {
        if version == 1 {
            record["page"] = record["pageNumber"]
            record["pageNumber"] = nil
        }
    }
}

/// The reader is checked against the library the app has now: a book that is gone clears the
/// reader, and a page past the end moves to the last page.
extension ReaderState: Reconcilable {
    func reconciled(against library: [Int: Int]) -> Reconciled<ReaderState> {
        guard let bookID else { return Reconciled(self) }
        guard let pages = library[bookID] else {
            return Reconciled(ReaderState(bookID: nil, page: 1, fontSize: fontSize), adjustments: [
                RestoreReportEntry(.selectionCleared, "book \(bookID) is no longer in the library")
            ])
        }
        guard page > pages else { return Reconciled(self) }
        var state = self
        state.page = pages
        return Reconciled(state, adjustments: [
            RestoreReportEntry(.anchorMoved, "page \(page) is past the end of book \(bookID); showing page \(pages)")
        ])
    }
}

/// The same screen as the app's first release defined it, to write the v1 records an upgraded
/// app finds on disk.
struct ReaderStateV1: RestorableState {
    static let kind = "reader"
    static let currentVersion = 1
    static let defaultValue = ReaderStateV1(bookID: nil, pageNumber: 1)

    var bookID: Int?
    var pageNumber: Int
}
