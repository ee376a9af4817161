import Foundation
import JSON
import StateRestore
import StateStore

/// `many-windows`: an iPad or Mac app's year of windows, each a new scene: 10,000 opened over
/// 365 simulated days (27 or 28 a day, a record each), 20 reopened and 10 saved again each day,
/// two in three closed for good after one to seven days (`discard`), and once a month the
/// scenes unused for 90 days removed (`removeScenes(unusedSince:)`, what
/// `StateRestorer.removeScenes(unusedFor:)` runs). At the end, 200 scenes are restored through
/// `StateRestorer` with a kind that expires after 30 days. The same year without discards or
/// pruning is the comparison: its file keeps every window.
///
/// The simulated clock drives the stored times through the store's own API (`at:`), so the
/// year takes seconds; the times are what the real clock would have written.
enum ManyWindows {
    static let days = 365
    static let windows = 10_000
    static let day: Double = 86_400

    /// A window's state, stale after 30 days.
    struct WindowState: RestorableState {
        static let kind = "window"
        static let currentVersion = 1
        static let defaultValue = WindowState(query: "")
        static var expiresAfter: Duration? { .seconds(30 * 86_400) }
        var query: String
    }

    /// What one simulated year left.
    struct Year {
        var scenesAlive = 0
        var discarded = 0
        var pruned = 0
        var expiredRestores = 0
        var fileBytes = 0
    }

    static func run(_ mode: BenchMode) throws -> WorkloadReport {
        let scratch = try Scratch("windows")
        var managed = Samples()
        var unmanaged = Samples()
        var managedYear = Year()
        var unmanagedYear = Year()
        for round in 0..<(mode.isQuick ? 1 : 3) {
            managedYear = try managed.time { try simulateYear(at: scratch.path("managed-\(round).sqlite"), managingWindows: true) }
            unmanagedYear = try unmanaged.time { try simulateYear(at: scratch.path("unmanaged-\(round).sqlite"), managingWindows: false) }
        }
        var report = WorkloadReport(name: "many-windows", unit: "a simulated year of 10,000 windows: saves, reopenings, discards, monthly prune, expiry", engine: managed)
        report.extra = [
            "windows": .integer(Int64(windows)),
            "scenes_alive": .integer(Int64(managedYear.scenesAlive)),
            "discarded": .integer(Int64(managedYear.discarded)),
            "pruned": .integer(Int64(managedYear.pruned)),
            "expired_restores_of_200": .integer(Int64(managedYear.expiredRestores)),
            "file_bytes": .integer(Int64(managedYear.fileBytes)),
            "unmanaged_p50_ms": .double(unmanaged.median),
            "unmanaged_scenes_alive": .integer(Int64(unmanagedYear.scenesAlive)),
            "unmanaged_file_bytes": .integer(Int64(unmanagedYear.fileBytes)),
        ]
        report.targets.append(
            .init(
                description: "a managed year's file is smaller than an unmanaged one's (\(managedYear.fileBytes) vs \(unmanagedYear.fileBytes) bytes)",
                isMet: managedYear.fileBytes < unmanagedYear.fileBytes))
        return report
    }

    /// One year on a new file at `path`; with `managingWindows`, closed windows are discarded
    /// and unused scenes pruned monthly.
    static func simulateYear(at path: String, managingWindows: Bool) throws -> Year {
        var random = SplitMix64(seed: 2026)
        let start = Store.now() - Double(days) * day
        var year = Year()
        let store = try Store(path: path, migrator: StateMigrations.makeMigrator())
        var open: [String] = []
        var closing: [Int: [String]] = [:]
        var opened = 0
        for dayIndex in 0..<days {
            let now = start + Double(dayIndex) * day
            let newToday = windows * (dayIndex + 1) / days - opened
            try store.database.writeTransaction {
                for _ in 0..<newToday {
                    let scene = "window-\(opened)"
                    opened += 1
                    try store.saveRecord(#"{"version":1,"query":"opened \#(scene)"}"#, version: 1, account: "default", scene: scene, kind: WindowState.kind, at: now)
                    open.append(scene)
                    if Int.random(in: 0..<3, using: &random) < 2 { closing[dayIndex + Int.random(in: 1...7, using: &random), default: []].append(scene) }
                }
                let reopened = (0..<min(20, open.count)).map { _ in open[Int.random(in: 0..<open.count, using: &random)] }
                try store.noteScenesUsed(reopened.map { (account: "default", scene: $0) }, at: now)
                for scene in reopened.prefix(10) {
                    try store.saveRecord(#"{"version":1,"query":"saved \#(scene) on day \#(dayIndex)"}"#, version: 1, account: "default", scene: scene, kind: WindowState.kind, at: now)
                }
            }
            if managingWindows, let closed = closing.removeValue(forKey: dayIndex) {
                year.discarded += try store.discardScenes(closed.map { (account: Optional("default"), scene: $0) })
                let gone = Set(closed)
                open.removeAll { gone.contains($0) }
            }
            if managingWindows, dayIndex % 30 == 29 {
                let pruned = try store.removeScenes(unusedSince: now - 90 * day)
                year.pruned += pruned.count
                let gone = Set(pruned.map(\.scene))
                open.removeAll { gone.contains($0) }
            }
        }
        try store.checkpoint()
        try store.forEachRecord { _ in year.scenesAlive += 1 }
        store.close()

        let restorer = StateRestorer(path: path)
        for index in 0..<200 {
            let restored = restorer.restore(WindowState.self, try SceneKey(scene: "window-\(index * (windows / 200) + windows / 400)"))
            if restored.reports(.recordExpired) { year.expiredRestores += 1 }
        }
        try restorer.close()
        year.fileBytes = ["", "-wal"].reduce(0) { total, suffix in
            total + ((try? FileManager.default.attributesOfItem(atPath: path + suffix)[.size] as? Int) ?? 0)
        }
        return year
    }
}
