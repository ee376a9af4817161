import Foundation
import StateStore

/// Each kind's record shape (``RecordShape/init(of:)``), derived once per process at its first
/// use and kept: it says which fields of a record are known, for carrying the others.
enum KnownShapes {
    /// A list, not a dictionary keyed by type (a process knows a few kinds): see ``ScreenTable``.
    private static let shapes = Locked<[KnownShape]>([])

    /// One kind's shape, or that it has none (a struct, not a tuple: see `ScreenTable`).
    private struct KnownShape {
        let type: ObjectIdentifier
        let shape: RecordShape?
    }

    /// `State`'s shape if this process derived it already (`.some(nil)`: it cannot be
    /// derived), or nil when it did not.
    static func known<State: RestorableState>(_ type: State.Type) -> RecordShape?? {
        let key = ObjectIdentifier(type)
        return shapes.withLock { $0.first { $0.type == key } }.map { $0.shape }
    }

    /// `State`'s shape, or nil when it cannot be derived (then only top-level fields the
    /// default's encoding lacks count as unknown).
    static func shape<State: RestorableState>(of type: State.Type) -> RecordShape? {
        let key = ObjectIdentifier(type)
        if let known = shapes.withLock({ $0.first { $0.type == key } }) { return known.shape }
        let shape = try? RecordShape(of: type)
        shapes.withLock { known in
            if !known.contains(where: { $0.type == key }) { known.append(KnownShape(type: key, shape: shape)) }
        }
        return shape
    }
}
