import ScreenKinds
import StateRestore

/// The same screen as the app's first release defined it, to write the v1 records an upgraded
/// app finds on disk.
struct ReaderStateV1: RestorableState {
    static let kind = "reader"
    static let currentVersion = 1
    static let defaultValue = ReaderStateV1(bookID: nil, pageNumber: 1)

    var bookID: Int?
    var pageNumber: Int
}
