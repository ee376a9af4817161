import JSON
import ScreenModels

/// The catalog screen is one kind among others: `restore(CatalogViewState.self, key, against:
/// document)` is what `restore(key, against: document)` does.
extension CatalogViewState: RestorableState {
    /// `"catalog"`; every record from before kinds existed is a catalog record.
    public static let kind = "catalog"
    /// Format 3 (see ``CatalogRecordCodec``).
    public static var currentVersion: Int { CatalogRecord.currentVersion }
    /// No query, no selection, no viewport.
    public static var defaultValue: CatalogViewState { CatalogViewState() }
}

extension CatalogViewState: Reconcilable {
    /// The article's rules 1–5 against `document` (see `reconciled(with:)`), as report entries.
    public func reconciled(against document: CatalogDocument) -> Reconciled<CatalogViewState> {
        let reconciliation = reconciled(with: document)
        return Reconciled(reconciliation.viewState, adjustments: reconciliation.adjustments.map(\.reportEntry))
    }
}

extension CatalogViewState: CustomRecordFormat {
    static func decodeRecord<S: RestorableState>(_ bytes: some Collection<UInt8>, as type: S.Type) -> RecordDecoding<S> {
        switch CatalogRecordCodec.decode(bytes) {
        case .decoded(let record, let provenance):
            guard let state = record.viewState as? S else { return .unreadable(.notAnObject(got: "a record of another kind")) }
            return .decoded(state, provenance, unknownFields: record.unknownFields)
        case .newer(let version, let minReaderVersion):
            return .newer(version: version, minReaderVersion: minReaderVersion)
        case .unreadable(let error):
            return .unreadable(error)
        }
    }

    static func encodeRecord<S: RestorableState>(_ state: S, carrying unknownFields: JSONObject) -> String {
        let viewState = state as? CatalogViewState ?? CatalogViewState()
        return CatalogRecordCodec.encode(CatalogRecord(viewState, carrying: unknownFields))
    }

    static func validateRecordForSave(_ bytes: [UInt8]) throws(RecordError) -> ValidatedRecord {
        try CatalogRecordCodec.validateForSave(bytes)
    }
}
