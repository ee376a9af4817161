import Foundation
import JSON
import StateStore

/// What one stored record is to this build, and what restoring it reports: the one reader of a
/// record. A launch, `check`, `inspect`, `replay` and the kinds read from format folders all
/// sort a record with ``init(_:savedAt:readerOf:lifetime:now:decode:)`` and word it with
/// ``entries(readerOf:wording:state:disposition:)``, so none can call a record something
/// another would not (a launch kept a newer record it could not decode as nothing wrong while
/// `check` called it a problem).
package enum RecordReading<Value> {
    /// It decodes: as stored, upgraded from an older format, or (of a newer format) read
    /// through its `minReaderVersion`; the provenance says which.
    case decoded(Value, RecordProvenance, unknownFields: JSONObject)
    /// Of a newer format this build may not read (no `minReaderVersion` it meets): kept in place
    /// for the release that wrote it.
    case unsupported(version: Int, minReaderVersion: Int?)
    /// Of a newer format that did not decode as this build's: kept in place for the release
    /// that wrote it, nothing wrong with the file.
    case newerUnreadable(version: Int, RestoreError)
    /// Of this build's formats, and it does not decode: a launch moves it to the quarantine.
    case unreadable(RestoreError)
    /// Saved longer ago than its kind stays meaningful (`age` and `lifetime` in seconds): the
    /// default state is used, and the record stays in place until the next save.
    case expired(age: Double, lifetime: Double)
    /// Over the store's record limit: a launch moves it to the quarantine.
    case oversized(bytes: Int)

    /// Sorts the record `payload`, saved at `savedAt`, for a reader of format `current` whose
    /// kind stays meaningful `lifetime` seconds (nil: always), at `now`: expired first, then
    /// oversized, then what `decode` (the kind's codec, the envelope first) makes of it, where a
    /// record that does not decode but says it is newer is a newer release's.
    /// Sorts `payload`, a record that arrived from elsewhere (another device's portable record,
    /// a record to send), as a launch sorts a stored one: it has no age of its own, so it
    /// never expires.
    package init(landing payload: Data) where Value: RestorableState {
        self.init(payload, savedAt: 0, readerOf: Value.currentVersion, lifetime: nil, now: 0, decode: RecordCodec<Value>.decode)
    }

    package init(
        _ payload: Data, savedAt: Double, readerOf current: Int, lifetime: Double?, now: Double,
        decode: (Data) -> RecordDecoding<Value>
    ) {
        if let lifetime, now - savedAt > lifetime {
            self = .expired(age: now - savedAt, lifetime: lifetime)
        } else if payload.count > Store.maximumRecordBytes {
            self = .oversized(bytes: payload.count)
        } else {
            switch decode(payload) {
            case .decoded(let value, let provenance, let unknownFields): self = .decoded(value, provenance, unknownFields: unknownFields)
            case .newer(let version, let minReaderVersion): self = .unsupported(version: version, minReaderVersion: minReaderVersion)
            case .unreadable(let error):
                self = RecordHeader.newerVersion(ofUndecodable: payload, readerOf: current).map { .newerUnreadable(version: $0, error) } ?? .unreadable(error)
            }
        }
    }

    /// What became of a record a launch moves to the quarantine (unreadable, oversized).
    package enum Disposition {
        /// It was moved there, as entry `id`.
        case quarantined(id: Int64?)
        /// A restore that only reads left it in place.
        case leftByReadingRestore
        /// The storage refused the move (full, read-only, busy): it stays in place, for the
        /// next launch to move, with the refusal's message.
        case keptInPlace(refusal: String)
        /// The tool, which has no app's type, left it in place.
        case leftByTool
    }

    /// Who reads a record, as an entry names it.
    package enum Wording {
        /// This build, with the kind's type.
        case thisBuild
        /// The tool, from a kind's recorded formats.
        case recordedFormats
    }

    /// Why a launch moves the record to the quarantine, with the error it files it under; nil
    /// for a record it keeps in place (every other outcome).
    package var quarantine: (reason: QuarantineReason, error: String)? {
        switch self {
        case .unreadable(let error): (.unreadable, error.localizedDescription)
        case .oversized(let bytes): (.oversized, "the record is \(bytes) bytes, over the \(Store.maximumRecordBytes)-byte limit")
        case .decoded, .unsupported, .newerUnreadable, .expired: nil
        }
    }

    /// The report entries of restoring the record as format `current`, as `wording` names the
    /// reader, for kind `state` (its name in an expiry), with `disposition` for a record a
    /// launch quarantines.
    package func entries(readerOf current: Int, wording: Wording = .thisBuild, state: String, disposition: Disposition) -> [RestoreReportEntry] {
        switch self {
        case .decoded(_, let provenance, _):
            return StateRestorer.entries(for: provenance, currentVersion: current)
        case .unsupported(let version, let minReaderVersion):
            let (reader, meets) = wording == .thisBuild ? ("this build reads", "this build meets") : ("the recorded formats", "they meet")
            let why = minReaderVersion.map { "it needs a reader of format \($0)" } ?? "it declares no minReaderVersion \(meets)"
            return [
                RestoreReportEntry(
                    .unsupportedVersion,
                    "the record has format \(version), newer than \(reader) (\(current)), and \(why); it was kept in place for the release that wrote it and the default state was used"
                )
            ]
        case .newerUnreadable(let version, let error):
            return [RecordHeader.newerUnreadableEntry(version: version, readerOf: current, error: error)]
        case .unreadable(let error):
            return [RestoreReportEntry(.recordUnreadable, "the stored record could not be decoded (\(error.localizedDescription)); \(Self.phrase(disposition)) and the default state was used")]
        case .oversized:
            return [RestoreReportEntry(.recordUnreadable, "\(quarantine?.error ?? ""); \(Self.phrase(disposition)) and the default state was used")]
        case .expired(let age, let lifetime):
            return [
                RestoreReportEntry(
                    .recordExpired,
                    "the record was saved \(Int(age)) s ago, longer than \(state) stays meaningful (\(Int(lifetime)) s); the default state was used and the record stays in place until the next save"
                )
            ]
        }
    }

    private static func phrase(_ disposition: Disposition) -> String {
        switch disposition {
        case .quarantined(let id): "it was moved to the quarantine (id \(id ?? 0))"
        case .leftByReadingRestore: "a launch would move it to the quarantine, this restore reads only and left it in place,"
        case .keptInPlace(let refusal): "it could not be moved to the quarantine (\(refusal)), so it stays in place for the next launch to move,"
        case .leftByTool: "the tool leaves an app's record in place (the app's own restore decides about the quarantine)"
        }
    }

    /// What `check` and `inspect` show of the record; `unchecked` is why a decoded record was
    /// only envelope-checked (a format folder without its format's shape), if it was.
    package func condition(unchecked: String? = nil) -> RecordCondition {
        switch self {
        case .decoded(_, let provenance, _):
            if let unchecked { return .unchecked(unchecked) }
            return provenance.readThroughMinReaderVersion.map(RecordCondition.readThroughMinReaderVersion) ?? .readable
        case .unsupported(let version, _), .newerUnreadable(let version, _): return .newer(version: version)
        case .unreadable(let error): return .unreadable(error.localizedDescription)
        case .expired(let age, _): return .expired(age: Int(age))
        case .oversized(let bytes): return .oversized(bytes: bytes)
        }
    }
}
