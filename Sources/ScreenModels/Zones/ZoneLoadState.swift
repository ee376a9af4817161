/// The zone screen's state: loading, loaded with a valid selection, or failed.
///
/// Loading and failure keep the previous valid selection, so the list stays visible during a
/// refresh and after a failed one.
public enum ZoneLoadState: Equatable, Sendable {
    /// A load is in flight; `previous` is the selection shown meanwhile, if any.
    case loading(previous: ZoneState?)
    /// Zones are loaded and the selection is valid.
    case loaded(ZoneState)
    /// The last load failed; `previous` is the selection still shown, if any.
    case failed(ZoneLoadFailure, previous: ZoneState?)

    /// The valid selection currently shown, whatever the phase.
    public var selection: ZoneState? {
        switch self {
        case .loading(let previous), .failed(_, let previous): previous
        case .loaded(let state): state
        }
    }

    func replacingSelection(with state: ZoneState) -> ZoneLoadState {
        switch self {
        case .loading: .loading(previous: state)
        case .loaded: .loaded(state)
        case .failed(let failure, _): .failed(failure, previous: state)
        }
    }
}
