import JSON
import ScreenModels

/// The catalog screen's view state for one (account, scene), as stored in a record.
///
/// Records are read in every format ever written (see ``CatalogRecordCodec``) and always written
/// in the current one, ``currentVersion``. Top-level fields this build does not know survive a
/// decode → encode round trip in ``unknownFields``.
public struct CatalogRecord: Equatable, Sendable {
    /// The format version this build writes, and the newest it reads natively.
    public static let currentVersion = 3

    /// The search text; `""` when absent.
    public var query: String
    /// The selected book, if any.
    public var selectedID: Int?
    /// Whether the list is filtered down to the selection (format 2 and later).
    public var showsOnlySelected: Bool
    /// Where the list was scrolled (format 3 and later).
    public var viewport: CatalogViewport?
    /// Top-level fields the decoded format does not define, in their original order.
    /// `version` and `minReaderVersion` are never kept here; the encoder sets them.
    public var unknownFields: JSONObject

    /// Creates a record.
    public init(
        query: String = "",
        selectedID: Int? = nil,
        showsOnlySelected: Bool = false,
        viewport: CatalogViewport? = nil,
        unknownFields: JSONObject = JSONObject()
    ) {
        self.query = query
        self.selectedID = selectedID
        self.showsOnlySelected = showsOnlySelected
        self.viewport = viewport
        self.unknownFields = unknownFields
    }
}
