/// A zone screen whose choices come from a fallible, possibly shared, asynchronous catalog.
///
/// - Each reload has a generation; a completion from an older reload is ignored.
/// - The previous selection stays visible while loading and after a failure; a successful
///   load keeps it when still listed, else uses the restored selection, else the first zone.
/// - A cancelled reload publishes nothing from its load; it restores the previous selection
///   (or reports ``ZoneLoadFailure/cancelled`` when there was none).
///
/// The model starts as `.loading(previous: nil)`; its owner calls ``reload()`` to load.
@MainActor
public final class ZoneCatalogModel {
    /// The current state, replayed to each observer.
    public let changes: ValueSource<ZoneLoadState>
    private let catalog: SharedZoneCatalog
    private var generation = 0
    private var restoredSelection: String?

    /// Creates a screen model; `restoringSelection` is used by the first successful load
    /// when it names a listed zone. Construction has no effects.
    public init(catalog: SharedZoneCatalog, restoringSelection: String? = nil) {
        self.catalog = catalog
        self.restoredSelection = restoringSelection
        changes = ValueSource(.loading(previous: nil))
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
        let current = changes.value
        guard let selection = current.selection, id != selection.selectedID,
              let selected = selection.selecting(id) else { return }
        changes.set(current.replacingSelection(with: selected))
    }

    private func load(_ fetch: (SharedZoneCatalog) async throws -> [ZoneChoice]) async {
        generation += 1
        let ticket = generation
        changes.set(.loading(previous: changes.value.selection))
        let outcome: Result<[ZoneChoice], any Error>
        do {
            outcome = .success(try await fetch(catalog))
        } catch {
            outcome = .failure(error)
        }
        guard ticket == generation else { return }
        let previous = changes.value.selection
        if Task.isCancelled {
            changes.set(previous.map(ZoneLoadState.loaded) ?? .failed(.cancelled, previous: nil))
            return
        }
        switch outcome {
        case let .success(choices):
            do throws(ZoneModelError) {
                let state = try ZoneState.validated(choices: choices, preferring: previous?.selectedID ?? restoredSelection)
                restoredSelection = nil
                changes.set(.loaded(state))
            } catch {
                switch error {
                case .noChoices: changes.set(.failed(.noZones, previous: previous))
                case let .duplicateChoiceID(id): changes.set(.failed(.duplicateZoneID(id), previous: previous))
                }
            }
        case .failure:
            changes.set(.failed(.unavailable, previous: previous))
        }
    }
}
