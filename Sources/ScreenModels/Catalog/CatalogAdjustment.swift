/// One change reconciliation made to a view state so that it fits the current document.
///
/// Equality treats two NaN offsets as equal, so a reported clamp of NaN compares equal to itself.
public enum CatalogAdjustment: Equatable, Sendable {
    /// The selected book no longer exists, so the selection was cleared.
    case selectionCleared(selectedID: Int)
    /// The anchor could not stay, so a nearby visible row became the anchor with offset 0.
    case anchorMoved(from: Int, to: Int, reason: CatalogAnchorMoveReason)
    /// No nearby row was visible: the first visible row became the anchor, or `to` is `nil`
    /// and the viewport was removed because nothing is visible.
    case anchorReset(from: Int, to: Int?)
    /// The stored offset was outside `0...1` or not finite and was clamped.
    case offsetClamped(from: Double, to: Double)

    /// Compares adjustments, treating NaN offsets as equal to each other.
    public static func == (lhs: CatalogAdjustment, rhs: CatalogAdjustment) -> Bool {
        switch (lhs, rhs) {
        case (.selectionCleared(let a), .selectionCleared(let b)):
            a == b
        case (.anchorMoved(let fromA, let toA, let reasonA), .anchorMoved(let fromB, let toB, let reasonB)):
            fromA == fromB && toA == toB && reasonA == reasonB
        case (.anchorReset(let fromA, let toA), .anchorReset(let fromB, let toB)):
            fromA == fromB && toA == toB
        case (.offsetClamped(let fromA, let toA), .offsetClamped(let fromB, let toB)):
            fromA.isSameOffset(as: fromB) && toA.isSameOffset(as: toB)
        default:
            false
        }
    }
}

extension Double {
    fileprivate func isSameOffset(as other: Double) -> Bool {
        self == other || (isNaN && other.isNaN)
    }
}
