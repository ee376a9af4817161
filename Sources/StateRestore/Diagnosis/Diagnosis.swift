/// Where a restorer's events go: the app's handler, if it gave one. The restorer and its writer
/// each hold a copy; they count under their own locks and call these after releasing them.
///
/// Without a handler nothing is built and nothing is hashed: each function returns at once
/// (warnings go to standard error, once per process).
struct Diagnosis: Sendable {
    let handler: RestoreEventHandler?

    func deliverRestore(kind: String, _ key: SceneKey, _ outcome: RestoreOutcome, report: [RestoreReportEntry], bytes: Int, duration: Duration) {
        guard let handler else { return }
        handler.handle(
            RestoreEvent(
                restore: outcome, kind: kind, codes: report.map(\.code), sceneHash: handler.hash(key.scene), accountHash: handler.hash(key.account),
                duration: duration, bytes: bytes))
    }

    func deliverSave(kind: String, _ key: SceneKey, _ outcome: SaveOutcome, bytes: Int, duration: Duration) {
        guard let handler else { return }
        handler.handle(
            RestoreEvent(
                save: outcome, kind: kind, sceneHash: handler.hash(key.scene), accountHash: handler.hash(key.account), duration: duration, bytes: bytes))
    }

    /// Delivers a naming warning (the restorer delivers each once), or without a handler
    /// writes it to standard error once per process.
    func deliverWarning(_ entry: RestoreReportEntry, kind: String, _ key: SceneKey) {
        guard let handler else {
            StandardErrorLog.writeOnce(entry.detail)
            return
        }
        handler.handle(
            RestoreEvent(
                warning: entry.detail, kind: kind, codes: [entry.code], sceneHash: handler.hash(key.scene), accountHash: handler.hash(key.account)))
    }
}
