import Foundation
import JSON

extension FormatRecordCodec {
    /// What landing `bytes`, another device's portable record, for `key` would show, read
    /// from the recorded formats as ``read(_:)`` reads a stored record (`restorectl restore
    /// --portable FILE --formats DIR`); nothing is read from or written to the file but what
    /// opening it reports.
    package func land(_ bytes: Data, _ key: SceneKey, with restorer: StateRestorer) -> RestorationSummary {
        let report = restorer.databaseReport
        let record: PortableRecord
        do throws(PortableRecord.Failure) {
            record = try PortableRecord.parse(bytes)
        } catch {
            return RestorationSummary(key: key, kind: kind, state: .object(defaultState), report: report + [RestoreReportEntry(error.code, "\(error.reason); nothing landed")])
        }
        guard record.kind == kind else {
            let entry = RestoreReportEntry(.portableForeign, "the portable record is of kind \(record.kind), not \(kind); nothing landed")
            return RestorationSummary(key: key, kind: kind, state: .object(defaultState), report: report + [entry])
        }
        // What did not land says so as the engine's landing does: a format this build does not
        // read is `portable-unsupported`, a record that does not decode `portable-damaged`.
        let reading = read(Data(record.recordText.utf8))
        if let state = reading.state {
            return RestorationSummary(key: key, kind: kind, state: .object(state), report: report + [record.landedEntry] + reading.report)
        }
        let refusal =
            if case .newer = reading.condition {
                reading.report + [record.unsupportedEntry]
            } else {
                [PortableRecord.undecodable(kind: kind, because: reading.condition.detail ?? reading.condition.status)]
            }
        return RestorationSummary(key: key, kind: kind, state: .object(defaultState), report: report + refusal)
    }
}
