import Foundation
import StateRestore
import StateStore
import Synchronization

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

/// A clock a test moves by hand, shared by the configurations it makes.
final class HandClock: Sendable {
    private let time: Mutex<Double>

    init(_ start: Double = 1_800_000_000) { time = Mutex(start) }

    var now: Double { time.withLock { $0 } }

    func advance(_ seconds: Double) { time.withLock { $0 += seconds } }

    /// A configuration stamping `build` (none when nil), on this clock.
    func configuration(build: String?, _ base: DatabaseConfiguration = DatabaseConfiguration()) -> DatabaseConfiguration {
        var configuration = base
        configuration.appBuild = build
        configuration.clock = { [self] in now }
        return configuration
    }
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
