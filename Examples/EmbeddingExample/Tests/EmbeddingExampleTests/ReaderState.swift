// swift-format-ignore-file
// (Quoted verbatim in the README, aligned comments included.)
import ScreenKinds
import StateRestore

/// An app's reader screen. Format 1 was `{"bookID", "pageNumber"}`; format 2 renamed
/// `pageNumber` to `page` and added `fontSize`.
struct ReaderState: RestorableState {
    static let kind = "reader"                 // 1–64 of [a-z0-9-], unique in your app
    static let currentVersion = 2              // the format this build writes
    static let defaultValue = ReaderState(bookID: nil, page: 1, fontSize: 1.0)

    var bookID: Int?
    var page: Int
    var fontSize: Double                       // new in format 2: old records get 1.0

    /// A rename is the one thing defaults cannot do.
    static func upgrade(_ record: inout JSONObject, from version: Int) throws {
        if version == 1 {
            record["page"] = record["pageNumber"]
            record["pageNumber"] = nil
        }
    }
}

/// Optional: check the state against today's library (book → page count). A book that is gone
/// clears the reader; a page past the end moves to the last page.
extension ReaderState: Reconcilable {
    func reconciled(against library: [Int: Int]) -> Reconciled<ReaderState> {
        guard let bookID else { return Reconciled(self) }
        guard let pages = library[bookID] else {
            return Reconciled(ReaderState(bookID: nil, page: 1, fontSize: fontSize), adjustments: [
                RestoreReportEntry(RestoreCode("book-missing"), "book \(bookID) is no longer in the library")
            ])
        }
        guard page > pages else { return Reconciled(self) }
        var state = self
        state.page = pages
        return Reconciled(state, adjustments: [
            RestoreReportEntry(RestoreCode("page-clamped"), "page \(page) is past the end of book \(bookID); showing page \(pages)")
        ])
    }
}
