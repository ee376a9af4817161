import JSON
import ScreenModels

/// A restoration of any kind, as the tool prints it: the state in its current record format,
/// the catalog's frame when the kind has one, and the report.
public struct RestorationSummary: Equatable, Sendable {
    /// The screen.
    public let key: SceneKey
    /// The record kind.
    public let kind: String
    /// The restored state as its kind's current record format writes it (`{"version": N, …}`,
    /// without carried fields).
    public let state: JSONValue
    /// The rows the state projects, for kinds that have them (the catalog).
    public let frame: CatalogFrame?
    /// Every adjustment made, in order.
    public let report: [RestoreReportEntry]

    init<State: RestorableState>(_ restoration: Restoration<State>, frame: CatalogFrame?) {
        key = restoration.key
        kind = State.kind
        let text = (try? RecordCodec<State>.encode(restoration.state)) ?? "{}"
        state = (try? JSONValue.parse(text)) ?? .object(JSONObject())
        self.frame = frame
        report = restoration.report
    }
}

extension Restoration {
    /// This restoration as the tool prints it.
    public var summary: RestorationSummary { RestorationSummary(self, frame: nil) }
}

extension Restoration where State == CatalogViewState {
    /// This restoration as the tool prints it, with its frame.
    public var summary: RestorationSummary { RestorationSummary(self, frame: frame) }
}
