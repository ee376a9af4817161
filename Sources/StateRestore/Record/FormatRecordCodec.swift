import Foundation
import JSON
import StateStore

/// Reads, validates and restores the records of a kind known only from its format folder (its
/// ``KindFormat``s, `shape-v<N>.json`), without the kind's type: what `restorectl --formats DIR`
/// does with an app's kinds.
///
/// The engine's rules, as far as data can follow them:
/// - The envelope first: a record of a newer format than the newest recorded one is read as
///   that one when its `minReaderVersion` allows, and is otherwise kept for the release that
///   wrote it.
/// - A record read as the current format must fit the current shape (``RecordShape/violations(in:)``);
///   one of an older format must fit that format's shape when the folder holds it, and is
///   otherwise only envelope-checked (``RecordCondition/unchecked(_:)``).
/// - The state is the record laid over the current format's default. An older record is not
///   upgraded (upgrade steps are the app's code): the current default is laid over it as
///   stored, and the report says so (`record-not-upgraded`), naming the fields the current
///   format does not know.
/// - Nothing is moved or rewritten: a record that does not fit stays where it is and the state
///   is the default; the app's own restore, which has its type, decides about the quarantine.
package struct FormatRecordCodec: Sendable {
    /// The kind's name.
    package let kind: String
    /// The newest recorded format: what records are read as.
    package let current: KindFormat
    private let formats: [Int: KindFormat]

    /// The codec of the formats of one kind; `formats` is not empty and names one kind.
    package init(formats: [KindFormat]) {
        let sorted = formats.sorted { $0.version < $1.version }
        kind = sorted[sorted.count - 1].kind
        current = sorted[sorted.count - 1]
        self.formats = Dictionary(sorted.map { ($0.version, $0) }, uniquingKeysWith: { _, last in last })
    }

    /// What reading one stored record found.
    package struct Reading: Sendable {
        /// What `check` and `inspect` show.
        package var condition: RecordCondition
        /// The state in the current format (envelope first, fields the current format knows),
        /// or nil when the record cannot be read.
        package var state: JSONObject?
        /// What restoring it reports (version, defaults, fields left behind).
        package var report: [RestoreReportEntry]
    }

    /// Reads a stored record as the engine would, from the recorded formats.
    package func read(_ bytes: some Collection<UInt8>) -> Reading {
        let object: JSONObject
        let header: RecordHeader
        do throws(RecordError) {
            object = try RecordHeader.parseObject(bytes)
            header = try RecordHeader(of: object)
        } catch {
            return unreadable(error)
        }
        guard header.readableVersion(byReaderOf: current.version) != nil else {
            let why = header.minReaderVersion.map { "it needs a reader of format \($0)" } ?? "it declares no minReaderVersion they meet"
            let detail =
                "the record has format \(header.version), newer than the recorded formats (\(current.version)), and \(why); it was kept in place for the release that wrote it and the default state was used"
            return Reading(condition: .newer(version: header.version), state: nil, report: [RestoreReportEntry(.unsupportedVersion, detail)])
        }
        var body = JSONObject()
        for (key, value) in object where !RecordHeader.fields.contains(key) { body[key] = value }
        let isOlder = header.version < current.version
        var condition = RecordCondition.readable
        if let minimum = header.minReaderVersion, header.version > current.version { condition = .readThroughMinReaderVersion(minimum) }
        if let format = formats[isOlder ? header.version : current.version] {
            let violations = format.shape.violations(in: .object(body))
            if !violations.isEmpty {
                let error = RecordError.doesNotFitShape(version: format.version, violations: violations)
                // A newer release's record that does not fit is kept for it, as a launch keeps it.
                guard header.version > current.version else { return unreadable(error) }
                return Reading(
                    condition: .newer(version: header.version), state: nil,
                    report: [RecordHeader.newerUnreadableEntry(version: header.version, readerOf: current.version, error: error)])
            }
        } else {
            let recorded = formats.keys.sorted().map { "\($0)" }.joined(separator: ", ")
            condition = .unchecked(
                "format \(header.version) has no recorded shape (\(KindFormat.fileName(version: header.version))) in the kind's format folder, which holds format(s) \(recorded); only its envelope was checked"
            )
        }
        var filled: [String] = []
        let merged = body.laid(over: current.defaultRecord, filled: &filled)
        var state = JSONObject()
        state[RecordHeader.versionField] = .integer(Int64(current.version))
        if current.minReaderVersion < current.version { state[RecordHeader.minReaderVersionField] = .integer(Int64(current.minReaderVersion)) }
        var leftBehind: [String] = []
        for (key, value) in merged {
            if current.shape.fields[key] != nil || current.defaultRecord[key] != nil { state[key] = value } else { leftBehind.append(key) }
        }
        var report: [RestoreReportEntry] = []
        if isOlder {
            let unknown = leftBehind.isEmpty ? "" : "; fields format \(current.version) does not know are not shown: \(leftBehind.joined(separator: ", "))"
            report.append(
                RestoreReportEntry(
                    .recordNotUpgraded,
                    "the record has format \(header.version); its upgrade to format \(current.version) is the app's code, which the tool does not have, so format \(current.version)'s defaults were laid over it as stored\(unknown)"
                ))
        }
        let provenance = RecordProvenance(
            sourceVersion: max(header.version, current.version), defaultsApplied: filled,
            readThroughMinReaderVersion: header.version > current.version ? header.minReaderVersion : nil)
        report += StateRestorer.entries(for: provenance, currentVersion: current.version)
        return Reading(condition: condition, state: state, report: report)
    }

    /// A record that cannot be read: restoring it shows the default and leaves it in place.
    private func unreadable(_ error: RecordError) -> Reading {
        let detail =
            "the stored record could not be decoded (\(error.localizedDescription)); the tool leaves an app's record in place (the app's own restore decides about the quarantine) and the default state was used"
        return Reading(condition: .unreadable(error.localizedDescription), state: nil, report: [RestoreReportEntry(.recordUnreadable, detail)])
    }

    /// Checks a record given for saving: the envelope always; a record of the current format
    /// must fit its shape, an older one its format's shape when the folder holds it; a newer one
    /// is stored as declared. The text to store is what the app's build writes: the record
    /// re-encoded (no indentation, no trailing newline) with its recorded format's
    /// `minReaderVersion`, and the current format's absent fields filled from its default.
    package func validateForSave(_ bytes: some Collection<UInt8>) throws(RecordError) -> ValidatedRecord {
        guard bytes.count <= Store.maximumRecordBytes else { throw .tooLarge(byteCount: bytes.count, limit: Store.maximumRecordBytes) }
        let object = try RecordHeader.parseObject(bytes)
        let header = try RecordHeader(of: object)
        if let minimum = header.minReaderVersion, minimum > header.version {
            throw .minReaderVersionNewerThanVersion(minReaderVersion: minimum, version: header.version)
        }
        guard header.version <= current.version, let format = formats[header.version] else {
            // A newer format, or an older one without a recorded shape: as declared, in the
            // canonical encoding.
            return ValidatedRecord(
                kind: kind, currentVersion: current.version, version: header.version, minReaderVersion: header.minReaderVersion,
                payload: JSONValue.object(object).encoded())
        }
        var body = JSONObject()
        for (key, value) in object where !RecordHeader.fields.contains(key) { body[key] = value }
        let violations = format.shape.violations(in: .object(body))
        if !violations.isEmpty { throw .doesNotFitShape(version: format.version, violations: violations) }
        // What the app's own build writes: its format's envelope (the recorded
        // `minReaderVersion`), and for the current format every field the format defaults.
        if format.version == current.version {
            var filled: [String] = []
            body = body.laid(over: current.defaultRecord, filled: &filled)
        }
        let minimum = format.minReaderVersion < format.version ? format.minReaderVersion : nil
        var record = JSONObject()
        record[RecordHeader.versionField] = .integer(Int64(format.version))
        record[RecordHeader.minReaderVersionField] = minimum.map { .integer(Int64($0)) }
        for (key, value) in body { record[key] = value }
        return ValidatedRecord(
            kind: kind, currentVersion: current.version, version: format.version, minReaderVersion: minimum, payload: JSONValue.object(record).encoded())
    }

    /// The current format's default, as a restore that reads nothing shows it.
    package var defaultState: JSONObject {
        var state = JSONObject()
        state[RecordHeader.versionField] = .integer(Int64(current.version))
        if current.minReaderVersion < current.version { state[RecordHeader.minReaderVersionField] = .integer(Int64(current.minReaderVersion)) }
        for (key, value) in current.defaultRecord where !RecordHeader.fields.contains(key) { state[key] = value }
        return state
    }

    /// Restores `key`'s record of this kind through `restorer`'s connection, reading only: the
    /// state with defaults applied and the report, or the default state and why.
    package func restore(_ key: SceneKey, with restorer: StateRestorer) -> RestorationSummary {
        let defaultState = self.defaultState
        let (state, report) = restorer.withStore { store, databaseReport -> (JSONObject, [RestoreReportEntry]) in
            guard let store else { return (defaultState, databaseReport) }
            let record: StoredRecord?
            do {
                record = try store.record(account: key.account, scene: key.scene, kind: kind)
            } catch {
                return (defaultState, databaseReport + [RestoreReportEntry(.databaseUnavailable, "the stored state could not be read: \(error.localizedDescription)")])
            }
            guard let record else {
                return (defaultState, databaseReport + [RestoreReportEntry(.noRecord, "\(key) has no saved state; the default state was used")])
            }
            if record.payload.count > Store.maximumRecordBytes {
                return (defaultState, databaseReport + unreadable(.tooLarge(byteCount: record.payload.count, limit: Store.maximumRecordBytes)).report)
            }
            let reading = read(record.payload)
            return (reading.state ?? defaultState, databaseReport + reading.report)
        }
        return RestorationSummary(key: key, kind: kind, state: .object(state), report: report)
    }
}
