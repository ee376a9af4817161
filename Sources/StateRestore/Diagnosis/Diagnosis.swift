import StateStore

/// A restorer's diagnosis: the tallies of its restores, its event handler, and the warnings it
/// delivered. Its writer counts saves under its own lock (the one each save already takes) and
/// delivers their events here.
///
/// Without a handler, a restore costs a clock read, one lock and a tally; no event is built and
/// nothing is hashed.
final class Diagnosis: Sendable {
    /// The app's handler, if it gave one.
    let handler: RestoreEventHandler?
    private let restores = Locked([String: OutcomeTallies<RestoreOutcome>]())
    /// The warnings delivered to the handler (each once per restorer).
    private let warned = Locked(Set<String>())

    init(handler: RestoreEventHandler?) {
        self.handler = handler
    }

    /// Counts a restore of `kind` at `key` whose report is `report`, begun at `start`, and
    /// delivers its event; the report's naming warnings go first.
    func noteRestore(
        kind: String, _ key: SceneKey, report: [RestoreReportEntry], movedAside: Bool, bytes: Int, since start: ContinuousClock.Instant
    ) {
        let outcome = RestoreOutcome(report: report, movedAside: movedAside)
        let duration = start.duration(to: .now)
        restores.withLock { $0[kind, default: OutcomeTallies()].add(outcome, bytes: bytes, duration: duration) }
        for entry in report where entry.code == .kindInvalid || entry.code == .codeInvalid {
            warn(entry, kind: kind, key)
        }
        guard let handler else { return }
        handler.handle(
            RestoreEvent(
                kind: kind, outcome: .restore(outcome), codes: report.map(\.code), sceneHash: handler.hash(key.scene),
                accountHash: handler.hash(key.account), duration: duration, bytes: bytes))
    }

    /// Delivers a save's event, when there is a handler (the writer counted it).
    func deliverSave(kind: String, _ key: SceneKey, _ outcome: SaveOutcome, bytes: Int, duration: Duration) {
        guard let handler else { return }
        handler.handle(
            RestoreEvent(
                kind: kind, outcome: .save(outcome), sceneHash: handler.hash(key.scene), accountHash: handler.hash(key.account),
                duration: duration, bytes: bytes))
    }

    /// Delivers a naming warning once per restorer to the handler or, without one, writes it
    /// to standard error once per process.
    private func warn(_ entry: RestoreReportEntry, kind: String, _ key: SceneKey) {
        guard let handler else {
            StandardErrorLog.writeOnce(entry.detail)
            return
        }
        guard warned.withLock({ $0.insert(entry.detail).inserted }) else { return }
        handler.handle(
            RestoreEvent(
                kind: kind, outcome: .warning, codes: [entry.code], sceneHash: handler.hash(key.scene), accountHash: handler.hash(key.account),
                message: entry.detail))
    }

    /// The restore tallies so far, per kind.
    var restoreTallies: [String: OutcomeTallies<RestoreOutcome>] { restores.withLock { $0 } }
}
