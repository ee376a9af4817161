import Foundation
import StateRestore
import StateStore

/// A kind that keeps its last three records, and one whose records expire after an hour.
struct JournalState: RestorableState {
    static let kind = "journal"
    static let currentVersion = 1
    static let defaultValue = JournalState(entry: "")
    static let historyDepth = 3
    var entry: String
}

/// A kind with history whose records mean nothing after an hour.
struct DraftState: RestorableState {
    static let kind = "draft"
    static let currentVersion = 1
    static let defaultValue = DraftState(text: "")
    static let historyDepth = 2
    static let expiresAfter: Duration? = .seconds(3_600)
    var text: String
}

extension Store {
    /// The history of a scene's record as `payload@build` strings, newest first (`-` for no stamp).
    func historyLines(_ key: SceneKey, kind: String) throws -> [String] {
        try recordHistory(account: key.account, scene: key.scene, kind: kind).map {
            "\(String(decoding: $0.payload, as: UTF8.self))@\($0.build ?? "-")"
        }
    }

    /// Every history row's count in the file.
    func historyRowCount() throws -> Int {
        try database.fetchOne("SELECT count(*) FROM record_history") { $0.int(0) } ?? 0
    }
}
