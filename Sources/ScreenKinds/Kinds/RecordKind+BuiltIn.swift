import ScreenModels
import StateRestore

extension RecordKind {
    /// The kinds of the article screens: catalog, notes and zones, each restorable by the tool
    /// against a document (the catalog's printed with its frame).
    package static let builtIn: [RecordKind] = [
        RecordKind(
            CatalogViewState.self, checkingForSave: CatalogViewState.checkForSave, formerShapes: CatalogViewState.formerRecordShapes,
            context: { bytes in try CatalogDocumentFile.decode(bytes) }, summary: { $0.toolSummary }
        ),
        RecordKind(NotesState.self, context: { bytes in try ContextDocument.notes(bytes) }),
        RecordKind(ZonesState.self, context: { bytes in try ContextDocument.zones(bytes) }),
    ]

    /// The built-in kind named `name`, if there is one.
    package static func builtIn(named name: String) -> RecordKind? {
        builtIn.first { $0.name == name }
    }
}
