import StateRestore

/// The same change made right: format 3, whose upgrade step turns format 2's page numbers into
/// labels.
struct ReaderStateV3: RestorableState {
    static let kind = "reader"
    static let currentVersion = 3
    static let defaultValue = ReaderStateV3(bookID: nil, page: "1", fontSize: 1.0)

    var bookID: Int?
    var page: String
    var fontSize: Double

    static func upgrade(_ record: inout JSONObject, from version: Int) throws {
        if version == 1 {
            record["page"] = record["pageNumber"]
            record["pageNumber"] = nil
        }
        if version == 2, case .integer(let page)? = record["page"] {
            record["page"] = .string(String(page))
        }
    }
}
