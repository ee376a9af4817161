/// What one derivation shares across its probes: the types being probed (to stop at a type
/// that contains itself) and what could not be followed.
final class ShapeProbeContext {
    private var probing: [ObjectIdentifier] = []
    private(set) var gaps: [String] = []
    /// The last leaf, probed without a default, whose type refused the stand-in value (an enum
    /// without `allCases`): the object around it stops there.
    var refusedLeaf: String?

    func isProbing(_ type: Any.Type) -> Bool { probing.contains(ObjectIdentifier(type)) }
    func enter(_ type: Any.Type) { probing.append(ObjectIdentifier(type)) }
    func leave() { probing.removeLast() }

    func gap(_ reason: String) { gaps.append(reason) }
}

/// Thrown through a type's `init(from:)` to unwind to the nearest point where the probe can
/// carry on (an optional it answers nil for, or a value it takes from the default).
struct ShapeProbeUnwind: Error {}
