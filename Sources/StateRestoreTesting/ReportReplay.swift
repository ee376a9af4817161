import Foundation
import StateRestore
import StateStore

/// An app's regression test of a field report: every record of a database file (a person's
/// redacted export, or a file the test builds) restored through the app's own kinds and
/// reconciliation, read-only, and each scene's outcome (its report's codes and its restored
/// state as JSON) compared with an expectations file beside it.
///
/// ```swift
/// @Test func theBrokenReleasesReportRestoresPlayable() throws {
///     try ReportReplay(database: "Reports/broken-release.sqlite")
///         .restoring(PodcastState.self) { scene in PodcastLibrary(afterTheReportOf: scene.recorded) }
///         .verify()
/// }
/// ```
///
/// The expectations file is `restorectl replay --expect`'s (`--record` writes the same): one
/// entry per record in the order of account, scene and kind, each compared byte by byte, so
/// the tool and the app's test read each other's files. As with ``FormatHistory``, a missing
/// or different expectation fails unless recording is on (``FormatRecording``,
/// `RESTORE_RECORD_FORMATS=1`), which writes the file from this replay's outcome and lists
/// what it changed. A failure names each scene as the file names it, its kind, and each
/// difference: the codes, or the state's JSON path by path. A record of a kind the replay does
/// not name always fails, recording or not: a kind is never skipped silently.
///
/// The database is opened read-only, as `restorectl replay` opens it: nothing is created,
/// migrated, moved aside or written beside it, so the fixture in the source tree stays as
/// committed. A redacted report's strings are placeholders: ``ReplayScene`` says how a test
/// gives a scene the data it is reconciled against.
public struct ReportReplay: Sendable {
    /// The database file replayed.
    public let database: URL
    /// The expectations file: by default beside the database, `<name>.expected.json`.
    public let expectations: URL
    /// The moment the records are restored at, which a kind's `expiresAfter` is measured up
    /// to; nil for the wall clock at each run.
    public let date: Date?
    private var contexts: [String: DocumentContext] = [:]

    /// The replay of the file at `database`, compared with `expectations` (by default
    /// `<database without its extension>.expected.json`, beside it), restored at `date`.
    ///
    /// Give a report of a kind that expires the date it was exported: at the wall clock
    /// (`nil`), its records expire as the committed fixture ages, and the test fails on a day
    /// when nothing changed.
    public init(database: URL, expectations: URL? = nil, at date: Date? = nil) {
        self.database = database
        self.expectations = expectations ?? database.deletingPathExtension().appendingPathExtension("expected.json")
        self.date = date
    }

    /// The replay of the file at `path`, relative to the folder of the test file that creates
    /// it (`#filePath` is the caller's): the source tree, where recording writes the
    /// expectations beside it, as ``FormatHistory/init(_:formats:sample:filePath:)`` does.
    public init(database path: String, at date: Date? = nil, filePath: StaticString = #filePath) {
        let tests = URL(fileURLWithPath: "\(filePath)").deletingLastPathComponent()
        self.init(database: tests.appendingPathComponent(path), at: date)
    }

    /// This replay, with every record of `type`'s kind restored through `type` and reconciled
    /// against the data `context` gives for its scene (as the app's launch restores it). A kind
    /// named again is restored as last named.
    public func restoring<State: Reconcilable>(
        _ type: State.Type, against context: @escaping @Sendable (ReplayScene<State>) -> State.Context
    ) -> ReportReplay {
        var replay = self
        replay.contexts[State.kind] = DocumentContext { restorer, key in
            // Read first as the app's type, so the test can give the data in terms of what the
            // record names; then restored as a launch restores it.
            let recorded = restorer.restore(State.self, key).state
            let restored = restorer.restore(State.self, key, against: context(ReplayScene(key: key, recorded: recorded)))
            restorer.completeRestore(restored)
            return RestorationSummary(key: key, state: restored.state, report: restored.report)
        }
        return replay
    }

    /// This replay, with every record of `type`'s kind restored through `type`: a kind the app
    /// does not reconcile (a `Reconcilable` one is named with its context, as the app
    /// restores it).
    public func restoring<State: RestorableState>(_ type: State.Type) -> ReportReplay {
        var replay = self
        replay.contexts[State.kind] = DocumentContext { restorer, key in
            let restored = restorer.restore(State.self, key)
            restorer.completeRestore(restored)
            return RestorationSummary(key: key, state: restored.state, report: restored.report)
        }
        return replay
    }

    /// Replays the file and compares (or, when `recording`, records) its outcomes, and throws
    /// when they differ.
    ///
    /// - Returns: the report, with what it recorded.
    /// - Throws: ``ReportReplayFailure``, whose description is the whole report.
    @discardableResult
    public func verify(recording: Bool = FormatRecording.isRequested) throws -> ReportReplayReport {
        let report = report(recording: recording)
        guard report.isPassing else { throw ReportReplayFailure(report: report) }
        return report
    }

    /// Replays the file and compares (or, when `recording`, records) its outcomes, and returns
    /// what it found, failures included, without throwing: for a test that asserts on it.
    public func report(recording: Bool = FormatRecording.isRequested) -> ReportReplayReport {
        var report = ReportReplayReport(database: database.path, expectations: expectations.lastPathComponent)
        let outcomes: ReplayExpectations
        do {
            var configuration = DatabaseConfiguration(access: .readOnly)
            if let seconds = date?.timeIntervalSince1970 { configuration.clock = { seconds } }
            var outcome = try StateDatabase.replay(database.path, restoring: contexts, configuration: configuration)
            let notRestored = outcome.notRestored
            // A kind the test does not name fails on its own; its scenes are neither compared
            // nor recorded, so naming it later records them.
            outcome.notRestored = []
            outcomes = ReplayExpectations(outcome) { _ in "" }
            report.scenesReplayed = outcome.restored.count
            let unnamed = Dictionary(grouping: notRestored, by: \.kind)
            for (kind, records) in unnamed.sorted(by: { $0.key < $1.key }) {
                report.unnamedKinds.append(kind)
                report.failures.append(
                    "the file holds \(records.count) record(s) of kind \"\(kind)\", which this replay does not name: name its type with restoring(_:against:) or restoring(_:)"
                )
            }
        } catch {
            report.failures.append("\(database.path) could not be replayed: \(error.localizedDescription)")
            return report
        }
        compare(outcomes, recording: recording, into: &report)
        return report
    }

    /// Compares `outcomes` with the expectations file, or writes it when recording and it is
    /// missing, malformed or different.
    private func compare(_ outcomes: ReplayExpectations, recording: Bool, into report: inout ReportReplayReport) {
        let name = expectations.lastPathComponent
        if FileManager.default.fileExists(atPath: expectations.path) {
            do {
                let differences = outcomes.differences(from: try ReplayExpectations(json: FormatFolder.readJSON(expectations)))
                if differences.isEmpty { return }
                guard recording else {
                    report.differences = differences.map(ReplayDifference.init)
                    return
                }
                report.notes += differences.map { "\(name) changes for \($0.scene): " + $0.lines.joined(separator: "; ") }
            } catch {
                guard recording else {
                    report.failures.append("\(name) is not an expectations file: \(error.localizedDescription)")
                    return
                }
                report.notes.append("\(name) was not an expectations file (\(error.localizedDescription)): recorded anew")
            }
        } else if !recording {
            report.failures.append(
                "no \(name) beside \(database.lastPathComponent): run the tests once with \(FormatRecording.environmentVariable)=1 to record each scene's outcome, check it, and commit it"
            )
            return
        }
        do {
            try Data(outcomes.fileText.utf8).write(to: expectations, options: .atomic)
            report.recorded.append(name)
        } catch {
            report.failures.append("\(name) could not be written: \(error.localizedDescription)")
        }
    }
}
