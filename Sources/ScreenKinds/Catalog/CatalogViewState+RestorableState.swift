import JSON
import ScreenModels
import StateRestore

/// The catalog screen as a kind: `restorer.restore(CatalogViewState.self, key, against: document)`.
///
/// Format history, all readable forever:
/// - v1 (no `version`): `{"query": String, "selectedID": Int|null}`
/// - v2: `{"version": 2, "query", "selectedID", "showsOnlySelected": Bool}`
/// - v3 (current): v2 plus `"viewport": null | {"anchorID": Int, "offset": Double,
///   "before": [Int], "after": [Int]}`
///
/// A field a format does not define is not read from a record of that format (a `viewport` in
/// a v2 record is ignored, and the current format's own value is written back); absent fields
/// take their defaults and are reported. On restore an out-of-range offset is kept for
/// reconciliation to clamp and report, and neighbour lists keep their first three IDs; a record
/// given for saving must have a finite offset in `0...1` and at most three neighbours a side.
extension CatalogViewState: RestorableState {
    /// `"catalog"`; every record from before kinds existed is a catalog record.
    public static let kind = "catalog"
    /// Format 3: the viewport anchor.
    public static let currentVersion = 3
    /// No query, no selection, no viewport.
    public static var defaultValue: CatalogViewState { CatalogViewState() }

    /// The current format's shape, given because the catalog's `init(from:)` reads the record
    /// as a whole (to name a field of the wrong type in its own words), which a probing decoder
    /// cannot follow.
    public static var recordShape: RecordShape? {
        .object([
            "query": .string,
            "selectedID": RecordShape.integer.optional,
            "showsOnlySelected": .boolean,
            "viewport": RecordShape.object(["anchorID": .integer, "offset": .number, "before": .array(of: .integer), "after": .array(of: .integer)]).optional,
        ])
    }

    /// The shapes of formats 1 and 2 (see the format history above), by version: what a
    /// redacted export keeps the field names of in an older record.
    static var formerRecordShapes: [Int: RecordShape] {
        [
            1: .object(["query": .string, "selectedID": RecordShape.integer.optional]),
            2: .object(["query": .string, "selectedID": RecordShape.integer.optional, "showsOnlySelected": .boolean]),
        ]
    }

    /// v1 → v2 → v3: each step only forgets the fields the older format did not define, so
    /// they take the current format's defaults.
    public static func upgrade(_ record: inout JSONObject, from version: Int) throws {
        if version == 1 { record["showsOnlySelected"] = nil }
        if version == 1 || version == 2 { record["viewport"] = nil }
    }
}

extension CatalogViewState: Reconcilable {
    /// The article's rules 1–5 against `document` (see `reconciled(with:)`), as report entries.
    public func reconciled(against document: CatalogDocument) -> Reconciled<CatalogViewState> {
        let reconciliation = reconciled(with: document)
        return Reconciled(reconciliation.viewState, adjustments: reconciliation.adjustments.map(\.reportEntry))
    }
}

extension CatalogViewState {
    /// The catalog's rules for a record given for saving beyond its types: a viewport's
    /// offset is finite and in `0...1`, and it lists at most three neighbours a side.
    @Sendable
    static func checkForSave(_ body: JSONObject) throws(RestoreError) {
        guard case .object(let viewport)? = body["viewport"] else { return }
        if case .double(let offset)? = viewport["offset"] {
            guard offset.isFinite else { throw .offsetNotFinite(offset) }
            guard (0...1).contains(offset) else { throw .offsetOutOfRange(offset) }
        } else if case .integer(let offset)? = viewport["offset"], !(0...1).contains(offset) {
            throw .offsetOutOfRange(Double(offset))
        }
        for field in ["before", "after"] {
            if case .array(let ids)? = viewport[field], ids.count > CatalogViewport.neighbourLimit {
                throw .tooManyNeighbours(field: "viewport.\(field)", count: ids.count, limit: CatalogViewport.neighbourLimit)
            }
        }
    }
}
