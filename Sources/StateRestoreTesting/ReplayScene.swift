import StateRestore

/// One scene of a replayed file, as ``ReportReplay`` hands it to the test's context: its names
/// as the file stores them (a redacted export's are hashes) and its record as the app's type,
/// decoded, upgraded and defaulted, before reconciliation.
///
/// A redacted report's strings are placeholders drawn at random for that export, and the map
/// is kept nowhere, so no test can name a person's episode or note. A test gives the data a
/// scene is reconciled against in terms of what its record names instead: "the library holds
/// every episode the queue names but the one playing" is the reported situation, without a
/// string of the person's.
///
/// ```swift
/// // The broken release wrote position -1 when the episode playing was removed: the library
/// // holds every episode the record names but that one.
/// .restoring(PodcastState.self) { scene in PodcastLibrary(afterTheReportOf: scene.recorded) }
/// ```
///
/// A file the test builds itself holds the test's own strings, and its context names them.
public struct ReplayScene<State: RestorableState>: Sendable {
    /// The scene's key, as the engine restores it.
    public let key: SceneKey
    /// The account, as the file stores it (a redacted export's keyed hash).
    public var account: String { key.account }
    /// The scene, as the file stores it (a redacted export's keyed hash).
    public var scene: String { key.scene }
    /// The record as the app's type reads it: decoded from its format, upgraded and with
    /// defaults filled, not yet reconciled (the default value when the record could not be read
    /// or has expired).
    public let recorded: State
}
