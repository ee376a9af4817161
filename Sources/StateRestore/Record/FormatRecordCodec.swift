import Foundation
import JSON
import StateStore

/// Reads, validates and restores the records of a kind known only from its format folder (its
/// `KindFormat`s, `shape-v<N>.json`), without the kind's type: what `restorectl --formats DIR`
/// does with an app's kinds.
///
/// The engine's rules, as far as data can follow them:
/// - The envelope first: a record of a newer format than the newest recorded one is read as
///   that one when its `minReaderVersion` allows, and is otherwise kept for the release that
///   wrote it.
/// - A record read as the current format must fit the current shape (``RecordShape/violations(in:)``);
///   one of an older format must fit that format's shape when the folder holds it, and is
///   otherwise only envelope-checked (`RecordCondition.unchecked(_:)`).
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

    /// A record decoded from the recorded formats: the state in the current format (envelope
    /// first, fields the current format knows), what restoring it reports before its
    /// provenance (`record-not-upgraded`), and why it was only envelope-checked, if it was.
    package struct Decoded: Sendable {
        package var state: JSONObject
        package var report: [RestoreReportEntry]
        package var unchecked: String?
    }

    /// What reading one stored record found.
    package struct Reading: Sendable {
        /// What `check` and `inspect` show.
        package var condition: RecordCondition
        /// The state in the current format, or nil when the record cannot be read.
        package var state: JSONObject?
        /// What restoring it reports (version, defaults, fields left behind).
        package var report: [RestoreReportEntry]
    }

    /// Reads a stored record as the engine would, from the recorded formats (the one sorting,
    /// ``RecordReading``): nothing is moved, so a record a launch would quarantine is left in
    /// place and the state is the default.
    package func read(_ payload: Data, savedAt: Double = 0, now: Double = 0) -> Reading {
        let reading = RecordReading<Decoded>(payload, savedAt: savedAt, readerOf: current.version, lifetime: nil, now: now, decode: decode)
        var report = reading.entries(readerOf: current.version, wording: .recordedFormats, state: kind, disposition: .leftByTool)
        guard case .decoded(let decoded, _, _) = reading else { return Reading(condition: reading.condition(), state: nil, report: report) }
        report = decoded.report + report
        return Reading(condition: reading.condition(unchecked: decoded.unchecked), state: decoded.state, report: report)
    }

    /// Decodes a stored record from the recorded formats: the envelope first, then the shape of
    /// the format it is read as (its own for an older one when the folder holds it), then the
    /// current default laid over it.
    private func decode(_ bytes: Data) -> RecordDecoding<Decoded> {
        let object: JSONObject
        let header: RecordHeader
        do throws(RestoreError) {
            object = try RecordHeader.parseObject(bytes)
            header = try RecordHeader(of: object)
        } catch {
            return .unreadable(error)
        }
        guard header.readableVersion(byReaderOf: current.version) != nil else {
            return .newer(version: header.version, minReaderVersion: header.minReaderVersion)
        }
        let body = RecordHeader.body(of: object)
        let isOlder = header.version < current.version
        var unchecked: String?
        if let format = formats[isOlder ? header.version : current.version] {
            let violations = format.shape.violations(in: .object(body))
            if !violations.isEmpty { return .unreadable(.doesNotFitShape(version: format.version, violations: violations)) }
        } else {
            let recorded = formats.keys.sorted().map { "\($0)" }.joined(separator: ", ")
            unchecked =
                "format \(header.version) has no recorded shape (\(KindFormat.fileName(version: header.version))) in the kind's format folder, which holds format(s) \(recorded); only its envelope was checked"
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
        // An older record is not upgraded (its report says so above), so its provenance is the
        // current format's.
        let provenance = RecordProvenance(
            sourceVersion: max(header.version, current.version), defaultsApplied: filled,
            readThroughMinReaderVersion: header.version > current.version ? header.minReaderVersion : nil)
        return .decoded(Decoded(state: state, report: report, unchecked: unchecked), provenance, unknownFields: JSONObject())
    }

    /// Checks a record given for saving: the envelope always; a record of the current format
    /// must fit its shape, an older one its format's shape when the folder holds it; a newer one
    /// is stored as declared. The text to store is what the app's build writes: the record
    /// re-encoded (no indentation, no trailing newline) with its recorded format's
    /// `minReaderVersion`, and the current format's absent fields filled from its default.
    package func validateForSave(_ bytes: some Collection<UInt8>) throws(RestoreError) -> ValidatedRecord {
        let (object, header) = try RecordHeader.parseForSave(bytes)
        guard header.version <= current.version, let format = formats[header.version] else {
            // A newer format, or an older one without a recorded shape: as declared, in the
            // canonical encoding.
            return ValidatedRecord(
                kind: kind, currentVersion: current.version, version: header.version, minReaderVersion: header.minReaderVersion,
                payload: JSONValue.object(object).encoded())
        }
        var body = RecordHeader.body(of: object)
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
        // A restore that crashed a launch is not applied again, as a launch of the app's build
        // would not apply it (`restore-crashed`).
        if let skipped = restorer.crashLoopVerdict(on: ScreenKey(scene: key, kind: kind)) {
            return RestorationSummary(key: key, kind: kind, state: .object(defaultState), report: restorer.databaseReport + skipped)
        }
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
            let reading = read(record.payload)
            return (reading.state ?? defaultState, databaseReport + reading.report)
        }
        return RestorationSummary(key: key, kind: kind, state: .object(state), report: report)
    }
}
