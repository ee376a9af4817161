import StateRestore

/// The reader with a field added within format 2: old records take its default, so the version
/// need not change.
struct ReaderStateWithTheme: RestorableState {
    static let kind = "reader"
    static let currentVersion = 2
    static let defaultValue = ReaderStateWithTheme(bookID: nil, page: 1, fontSize: 1.0, theme: "light")

    var bookID: Int?
    var page: Int
    var fontSize: Double
    var theme: String

    /// Format 1's rename, as the reader's.
    static func upgrade(_ record: inout JSONObject, from version: Int) throws {
        try ReaderState.upgrade(&record, from: version)
    }
}
