import JSON

/// What a record's bytes are to this build: the one sorting that a launch's restore and a
/// landing of another device's portable record both use (``StateRestorer/restore(_:_:)`` and
/// ``StateRestorer/restore(_:_:fromPortable:)``), so a record means the same whichever way it
/// arrived.
enum RecordReading<State: RestorableState> {
    /// Read: the state (upgraded, defaults filled), what reading it reports (`record-upgraded`,
    /// `record-newer-read`, `defaults-applied`), and the fields to carry into the next save.
    case decoded(State, report: [RestoreReportEntry], carried: JSONObject)
    /// A newer release's record (unreadable by this build, or declared readable and not
    /// decoding): kept for that release, never moved or counted as damage.
    case newerKept(RestoreReportEntry)
    /// A record of this build's formats that does not decode: damage.
    case unreadable(RecordError)

    /// Sorts `payload`, a record's text.
    init(_ payload: some Collection<UInt8>) {
        switch RecordCodec<State>.decode(payload) {
        case .decoded(let state, let provenance, let unknownFields):
            self = .decoded(state, report: StateRestorer.entries(for: provenance, currentVersion: State.currentVersion), carried: unknownFields)
        case .newer(let version, let minReaderVersion):
            let why = minReaderVersion.map { "it needs a reader of format \($0)" } ?? "it declares no minReaderVersion this build meets"
            self = .newerKept(
                RestoreReportEntry(
                    .unsupportedVersion,
                    "the record has format \(version), newer than this build reads (\(State.currentVersion)), and \(why); it was kept in place for the release that wrote it and the default state was used"
                ))
        case .unreadable(let error):
            if let version = RecordHeader.newerVersion(ofUndecodable: payload, readerOf: State.currentVersion) {
                self = .newerKept(RecordHeader.newerUnreadableEntry(version: version, readerOf: State.currentVersion, error: error))
            } else {
                self = .unreadable(error)
            }
        }
    }
}
