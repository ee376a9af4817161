import Foundation
import StateStore

/// Each kind's record shape (``RecordShape/init(of:)``), derived once per process at its first
/// use and kept: it says which fields of a record are known, for carrying the others.
enum KnownShapes {
    private static let shapes = Locked<[ObjectIdentifier: RecordShape?]>([:])

    /// `State`'s shape, or nil when it cannot be derived (then only top-level fields the
    /// default's encoding lacks count as unknown).
    static func shape<State: RestorableState>(of type: State.Type) -> RecordShape? {
        let key = ObjectIdentifier(type)
        if let known = shapes.withLock({ $0[key] }) { return known }
        let shape = try? RecordShape(of: type)
        shapes.withLock { $0[key] = shape }
        return shape
    }
}
