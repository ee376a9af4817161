/// A zone screen whose choices come from a fallible, possibly shared, asynchronous catalog.
///
/// - Each reload has a generation; a completion from an older reload is ignored.
/// - The previous selection stays visible while loading and after a failure; a successful
///   load keeps it when still listed, else uses the restored selection, else the first zone.
/// - A cancelled reload publishes nothing from its load; it puts back the phase the screen
///   had before it with the selection shown now: a failure stays a failure (its message is
///   not erased by a load that never finished), a loaded screen stays loaded, and a screen
///   with nothing shown reports ``ZoneLoadFailure/cancelled``.
///
/// The model starts as `.loading(previous: nil)`; its owner calls ``reload()`` to load.
/// Clients only observe (``changes`` is read-only); every write is the model's own.
@MainActor
public final class ZoneCatalogModel {
    private let source: ValueSource<ZoneLoadState>

    /// The current state, replayed to each observer; clients cannot write it.
    public let changes: ReadOnlyValueSource<ZoneLoadState>
    private let catalog: SharedZoneCatalog
    private var generation = 0
    private var restoredSelection: String?

    /// Creates a screen model; `restoringSelection` is used by the first successful load
    /// when it names a listed zone. Construction has no effects.
    public init(catalog: SharedZoneCatalog, restoringSelection: String? = nil) {
        self.catalog = catalog
        self.restoredSelection = restoringSelection
        source = ValueSource(.loading(previous: nil))
        changes = source.readOnly
    }

    /// Loads zones, joining a load another screen already started.
    public func reload() async {
        await load { try await $0.zones() }
    }

    /// Loads zones with a fresh service request, superseding any earlier reload.
    public func refresh() async {
        await load { try await $0.refreshedZones() }
    }

    /// Selects a listed zone; ignored when nothing is shown or the ID is not listed.
    public func select(_ id: String) {
        let current = source.value
        guard let selection = current.selection, id != selection.selectedID,
            let selected = selection.selecting(id)
        else { return }
        source.set(current.replacingSelection(with: selected))
    }

    private func load(_ fetch: (SharedZoneCatalog) async throws -> [ZoneChoice]) async {
        generation += 1
        let ticket = generation
        let before = source.value
        source.set(.loading(previous: before.selection))
        let outcome: Result<[ZoneChoice], any Error>
        do {
            outcome = .success(try await fetch(catalog))
        } catch {
            outcome = .failure(error)
        }
        guard ticket == generation else { return }
        let previous = source.value.selection
        if Task.isCancelled {
            if case .failed(let failure, _) = before {
                source.set(.failed(failure, previous: previous))
            } else {
                source.set(previous.map(ZoneLoadState.loaded) ?? .failed(.cancelled, previous: nil))
            }
            return
        }
        switch outcome {
        case .success(let choices):
            do throws(ZoneModelError) {
                let state = try ZoneState.validated(choices: choices, preferring: previous?.selectedID ?? restoredSelection)
                restoredSelection = nil
                source.set(.loaded(state))
            } catch {
                switch error {
                // `validated(choices:preferring:)` falls back to the first choice instead of `.unknownSelection`.
                case .noChoices, .unknownSelection: source.set(.failed(.noZones, previous: previous))
                case .duplicateChoiceID(let id): source.set(.failed(.duplicateZoneID(id), previous: previous))
                }
            }
        case .failure:
            source.set(.failed(.unavailable, previous: previous))
        }
    }
}
