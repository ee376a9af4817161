import Foundation
import StateStore

/// Each kind's record shape (``RecordShape/init(of:)``), derived once per process at its first
/// use and kept: it says which fields of a record are known, for carrying the others.
enum KnownShapes {
    /// Guards `shapes`.
    private static let shapesLock = NSLock()
    /// A list, not a dictionary keyed by type (a process knows a few kinds): see ``ScreenTable``.
    /// Reached only under `shapesLock` (a static list under an `NSLock`, not a `Locked`:
    /// see `Locked`).
    @exclusivity(unchecked) nonisolated(unsafe) private static var shapes: [KnownShape] = []

    /// One kind's shape, or that it has none (a struct, not a tuple: see `ScreenTable`).
    private struct KnownShape {
        let type: ObjectIdentifier
        let shape: RecordShape?
    }

    /// `State`'s shape if this process derived it already (`.some(nil)`: it cannot be
    /// derived), or nil when it did not.
    static func known<State: RestorableState>(_ type: State.Type) -> RecordShape?? {
        let key = ObjectIdentifier(type)
        return shapesLock.withLock { shapes.first { $0.type == key } }.map { $0.shape }
    }

    /// `State`'s shape, or nil when it cannot be derived (then only top-level fields the
    /// default's encoding lacks count as unknown).
    static func shape<State: RestorableState>(of type: State.Type) -> RecordShape? {
        let key = ObjectIdentifier(type)
        if let known = shapesLock.withLock({ shapes.first { $0.type == key } }) { return known.shape }
        let shape = try? RecordShape(of: type)
        shapesLock.withLock {
            if !shapes.contains(where: { $0.type == key }) { shapes.append(KnownShape(type: key, shape: shape)) }
        }
        return shape
    }
}
