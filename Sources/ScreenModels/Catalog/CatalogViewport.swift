/// Where one window's list is scrolled, expressed by stable identity rather than pixels.
///
/// `offset` is the fraction of the anchor row scrolled past (finite, in `0...1`).
/// `before` and `after` hold up to three neighbouring IDs, nearest first, in the rendered
/// order at capture time; they are the fallback when the anchor is later deleted.
public struct CatalogViewport: Equatable, Sendable {
    /// The maximum number of neighbours recorded on each side of the anchor.
    public static let neighbourLimit = 3

    /// The ID of the book whose row anchors the scroll position.
    public var anchorID: Int
    /// The fraction of the anchor row scrolled past, in `0...1`.
    public var offset: Double
    /// Up to three IDs rendered before the anchor, nearest first.
    public var before: [Int]
    /// Up to three IDs rendered after the anchor, nearest first.
    public var after: [Int]

    /// Creates a viewport from its stored facts; ``CatalogViewState/reconciled(with:)`` validates them.
    public init(anchorID: Int, offset: Double, before: [Int] = [], after: [Int] = []) {
        self.anchorID = anchorID
        self.offset = offset
        self.before = before
        self.after = after
    }
}
