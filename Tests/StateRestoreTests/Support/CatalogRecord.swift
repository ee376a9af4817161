import JSON
import ScreenKinds
import ScreenModels

@testable import StateRestore

/// The catalog record as the codec tests' tables state it: the view state and the unknown
/// fields carried with it (the catalog is a kind of the generic codec now; these tables are
/// its history).
struct CatalogRecord: Equatable {
    static let currentVersion = CatalogViewState.currentVersion

    var query = ""
    var selectedID: Int?
    var showsOnlySelected = false
    var viewport: CatalogViewport?
    var unknownFields = JSONObject()

    init(query: String = "", selectedID: Int? = nil, showsOnlySelected: Bool = false, viewport: CatalogViewport? = nil, unknownFields: JSONObject = JSONObject()) {
        (self.query, self.selectedID, self.showsOnlySelected, self.viewport, self.unknownFields) = (query, selectedID, showsOnlySelected, viewport, unknownFields)
    }

    init(_ state: CatalogViewState, carrying unknownFields: JSONObject = JSONObject()) {
        self.init(query: state.query, selectedID: state.selectedID, showsOnlySelected: state.showsOnlySelected, viewport: state.viewport, unknownFields: unknownFields)
    }

    var viewState: CatalogViewState {
        CatalogViewState(query: query, selectedID: selectedID, showsOnlySelected: showsOnlySelected, viewport: viewport)
    }
}

typealias CatalogRecordProvenance = RecordProvenance

/// A decoded catalog record in the tables' terms.
enum CatalogRecordDecoding: Equatable {
    case decoded(CatalogRecord, CatalogRecordProvenance)
    case newer(version: Int, minReaderVersion: Int?)
    case unreadable(RestoreError)
}

/// The catalog kind's codec in the tables' terms (the engine's speaks in
/// `RecordDecoding<CatalogViewState>`).
enum CatalogRecordCodec {
    static func decode(_ bytes: some Collection<UInt8>) -> CatalogRecordDecoding {
        switch RecordCodec<CatalogViewState>.decode(bytes) {
        case .decoded(let state, let provenance, let unknown): .decoded(CatalogRecord(state, carrying: unknown), provenance)
        case .newer(let version, let minimum): .newer(version: version, minReaderVersion: minimum)
        case .unreadable(let error): .unreadable(error)
        }
    }

    static func decode(_ text: String) -> CatalogRecordDecoding { decode(Array(text.utf8)) }

    /// A catalog state always encodes (its offset is clamped into `0...1`).
    static func encode(_ record: CatalogRecord) -> String {
        try! RecordCodec<CatalogViewState>.encode(record.viewState, carrying: record.unknownFields)
    }

    /// Checks a catalog record as `restorectl save` does.
    static func validateForSave(_ bytes: some Collection<UInt8>) throws(RestoreError) -> ValidatedRecord {
        try RecordKind.catalog.validateForSave(bytes)
    }

    static func validateForSave(_ text: String) throws(RestoreError) -> ValidatedRecord {
        try validateForSave(Array(text.utf8))
    }
}
