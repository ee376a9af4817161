import JSON
import StateRestore

/// An app's kind for the diagnosis tests: a diary page at format 2 (format 1 called it
/// `pageNumber`), meaningful for a day, reconciled against the diary's page count.
struct DiaryState: Reconcilable {
    static let kind = "diary"
    static let currentVersion = 2
    static let defaultValue = DiaryState(page: 1, note: "")
    static let expiresAfter: Duration? = .seconds(86_400)

    var page: Int
    var note: String

    static func upgrade(_ record: inout JSONObject, from version: Int) throws {
        if version == 1 {
            record["page"] = record["pageNumber"]
            record["pageNumber"] = nil
        }
    }

    func reconciled(against pageCount: Int) -> Reconciled<DiaryState> {
        guard page > pageCount else { return Reconciled(self) }
        return Reconciled(DiaryState(page: pageCount, note: note), adjustments: [RestoreReportEntry(RestoreCode("page-clamped"), "page \(page) is past the end")])
    }
}

/// A kind with a declared size budget, whose saves over it are refused.
struct PostcardState: RestorableState {
    static let kind = "postcard"
    static let currentVersion = 1
    static let defaultValue = PostcardState(text: "", zoom: 1)
    static let maxRecordBytes: Int? = 200

    var text: String
    var zoom: Double
}
