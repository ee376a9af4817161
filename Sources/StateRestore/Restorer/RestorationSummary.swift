import JSON

/// A restoration of any kind, as the tool prints it: the state in its current record format,
/// what the state projects over the data it was reconciled against (for kinds that say), and
/// the report.
package struct RestorationSummary: Equatable, Sendable {
    package let key: SceneKey
    package let kind: String
    /// The restored state as its kind's current record format writes it (`{"version": N, …}`,
    /// without carried fields).
    package let state: JSONValue
    /// What the state shows over the data it was reconciled against, for kinds that project
    /// one (the catalog's rows and selection); printed by the tool as `frame`.
    package let frame: JSONValue?
    /// Every adjustment made, in order.
    package let report: [RestoreReportEntry]

    /// The summary of `restoration`, with the projection its kind gives.
    package init<State: RestorableState>(_ restoration: Restoration<State>, frame: JSONValue? = nil) {
        self.init(key: restoration.key, state: restoration.state, report: restoration.report, frame: frame)
    }

    /// The summary of a restoration of `state` at `key`, from its parts. A kind's module passes
    /// these rather than its `Restoration`: passing a `Restoration<State>` to this unspecialized
    /// initializer makes the runtime build that type from its mangled name, a lookup of
    /// `State`'s conformance to `RestorableState` on every cold restore.
    package init<State: RestorableState>(key: SceneKey, state: State, report: [RestoreReportEntry], frame: JSONValue? = nil) {
        self.key = key
        kind = State.kind
        let text = (try? RecordCodec<State>.encode(state)) ?? "{}"
        self.state = (try? JSONValue.parse(text)) ?? .object(JSONObject())
        self.frame = frame
        self.report = report
    }

    /// A summary of a restoration made without a state type (a kind read from a format folder).
    package init(key: SceneKey, kind: String, state: JSONValue, report: [RestoreReportEntry]) {
        self.key = key
        self.kind = kind
        self.state = state
        frame = nil
        self.report = report
    }
}

extension Restoration {
    /// This restoration as the tool prints it (without a kind's projection).
    package var summary: RestorationSummary { RestorationSummary(self) }
}
