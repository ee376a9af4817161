import ScreenModels
import StateRestore

extension RecordKind {
    /// The kinds of the article screens: catalog, notes and zones, each restorable by the tool
    /// against a document (the catalog's printed with its frame).
    package static let builtIn: [RecordKind] = [
        catalog,
        RecordKind(NotesState.self, context: { bytes in try ContextDocument.notes(bytes) }),
        RecordKind(ZonesState.self, context: { bytes in try ContextDocument.zones(bytes) }),
    ]

    /// The catalog kind, its older records upgraded at the JSON level (`CatalogJSONUpgrade`)
    /// while its format is the one that upgrade writes, through its codec otherwise; its save
    /// validation checks the catalog's rules beyond types (the tool's, the fuzzer's).
    package static var catalog: RecordKind {
        let kind = RecordKind(
            CatalogViewState.self, checkingForSave: CatalogViewState.checkForSave, formerShapes: CatalogViewState.formerRecordShapes,
            context: { bytes in try CatalogDocumentFile.decode(bytes) }, summary: { $0.toolSummary }
        )
        guard CatalogViewState.currentVersion == CatalogJSONUpgrade.version else { return kind }
        return kind.upgradingRecords(with: CatalogJSONUpgrade.upgradedRecord)
    }

    /// The built-in kind named `name`, if there is one.
    package static func builtIn(named name: String) -> RecordKind? {
        builtIn.first { $0.name == name }
    }
}
