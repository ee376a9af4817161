/// The scroll position of the catalog list, anchored on a row rather than a pixel offset so it
/// survives changes to the data set.
///
/// On the restore path values are kept as read, even when out of range: reconciliation clamps
/// ``offset`` and reports it. Records refuse out-of-range values only when saved
/// (``CatalogRecordCodec/validateForSave(_:)``).
public struct CatalogRecordViewport: Equatable, Sendable {
    /// Most neighbour IDs kept on each side of the anchor.
    public static let maxNeighbours = 3

    /// The row the viewport is anchored on.
    public var anchorID: Int
    /// The fraction of the anchor row scrolled past, in `0...1` when valid.
    public var offset: Double
    /// Up to three IDs of the rows above the anchor, nearest first.
    public var before: [Int]
    /// Up to three IDs of the rows below the anchor, nearest first.
    public var after: [Int]

    /// Creates a viewport.
    public init(anchorID: Int, offset: Double, before: [Int] = [], after: [Int] = []) {
        self.anchorID = anchorID
        self.offset = offset
        self.before = before
        self.after = after
    }
}
