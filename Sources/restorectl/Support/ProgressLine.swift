import Foundation
import StateStore

/// The one-line progress display of a running migration: which migration, records done out of
/// the total, the rate since its data step started and the time left at that rate.
///
/// ```
/// migration 3 (0003_upgrade_catalog_records.sql): 250000/1000000 records, 84000 records/s, 9 s left
/// ```
struct ProgressLine {
    private let now: () -> Double
    private var start: (version: Int, time: Double)?

    /// A display that reads seconds from `now` (a monotonic clock; tests pass their own).
    init(now: @escaping () -> Double = { ProcessInfo.processInfo.systemUptime }) {
        self.now = now
    }

    /// The line for `progress`; the first report of a migration starts its clock.
    mutating func text(for progress: MigrationProgress) -> String {
        let time = now()
        if start?.version != progress.version { start = (progress.version, time) }
        var text = "migration \(progress.version) (\(progress.name))"
        guard let total = progress.recordsTotal else { return text }
        text += ": \(progress.recordsDone)/\(total) records"
        let elapsed = time - (start?.time ?? time)
        guard elapsed > 0, progress.recordsDone > 0 else { return text }
        let rate = Double(progress.recordsDone) / elapsed
        text += ", \(Int(rate.rounded())) records/s"
        let left = Double(max(total - progress.recordsDone, 0)) / rate
        text += ", \(Self.duration(left)) left"
        return text
    }

    /// `42 s`, `3 min 5 s`, `2 h 10 min`.
    static func duration(_ seconds: Double) -> String {
        let whole = Int(seconds.rounded(.up))
        if whole < 60 { return "\(whole) s" }
        if whole < 3_600 { return "\(whole / 60) min \(whole % 60) s" }
        return "\(whole / 3_600) h \(whole % 3_600 / 60) min"
    }
}
