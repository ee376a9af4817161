import Observation

/// A live screen model whose restorable state can be observed, so a ``StateRestorer`` saves
/// it on every change without a save call: `restorer.persist(model, from: restored)`.
///
/// Conforming takes one property. Reading ``restorableState`` must go through the model's
/// observable properties (an `@Observable` class, or an `Observable` one that reports access
/// and mutation itself), so that a change of anything it reads is seen.
///
/// The catalog screen model, the notes view model and the zone model conform.
public protocol PersistableScreenModel: AnyObject, Observable {
    /// The kind of state the screen saves.
    associatedtype State: RestorableState
    /// The state to save now; read under observation tracking.
    @MainActor var restorableState: State { get }
}
