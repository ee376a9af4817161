import Foundation
import ScreenModels
import StateStore

/// A record kind this build knows, by name: what the tools (`save --kind`, `restore --kind`,
/// `check`, `inspect`) need of a ``RestorableState`` type without knowing it statically.
///
/// ```swift
/// let kinds = RecordKind.builtIn + [RecordKind(ReaderState.self)]
/// let report = DatabaseCheck.run(path, kinds: kinds)
/// ```
public struct RecordKind: Sendable {
    /// The kind's name (`State.kind`).
    public let name: String
    /// The format the kind's type writes.
    public let currentVersion: Int
    private let conditionOfPayload: @Sendable (Data) -> RecordCondition
    private let validation: @Sendable ([UInt8]) throws(RecordError) -> ValidatedRecord
    private var documentContext: (@Sendable ([UInt8]) throws(DocumentDecodingError) -> DocumentContext)?

    /// The kind of `type`.
    public init<State: RestorableState>(_ type: State.Type) {
        name = State.kind
        currentVersion = State.currentVersion
        conditionOfPayload = { payload in
            switch RecordCodec<State>.decode(payload) {
            case .decoded(_, let provenance, _):
                provenance.readThroughMinReaderVersion.map(RecordCondition.readThroughMinReaderVersion) ?? .readable
            case .newer(let version, _): .newer(version: version)
            case .unreadable(let error): .unreadable(error.localizedDescription)
            }
        }
        validation = { bytes throws(RecordError) in try RecordCodec<State>.validateForSave(bytes) }
        documentContext = nil
    }

    /// The kind of `type`, restorable by the tool against a context read from a document.
    init<State: Reconcilable>(
        _ type: State.Type,
        context: @escaping @Sendable ([UInt8]) throws(DocumentDecodingError) -> State.Context,
        summary: @escaping @Sendable (Restoration<State>) -> RestorationSummary = { $0.summary }
    ) {
        self.init(type)
        documentContext = { bytes throws(DocumentDecodingError) in
            let decoded = try context(bytes)
            return DocumentContext { restorer, key in
                let restored = restorer.restore(State.self, key, against: decoded)
                return summary(restored)
            }
        }
    }

    /// The kinds of this library's screens: catalog, notes and zones.
    public static let builtIn: [RecordKind] = [
        RecordKind(CatalogViewState.self, context: { bytes throws(DocumentDecodingError) in try CatalogDocumentFile.decode(bytes) }, summary: { $0.summary }),
        RecordKind(NotesState.self, context: { bytes throws(DocumentDecodingError) in try ContextDocument.notes(bytes) }),
        RecordKind(ZonesState.self, context: { bytes throws(DocumentDecodingError) in try ContextDocument.zones(bytes) }),
    ]

    /// The built-in kind named `name`, if there is one.
    public static func builtIn(named name: String) -> RecordKind? {
        builtIn.first { $0.name == name }
    }

    /// What this build can make of `record` (which must be of this kind).
    public func condition(of record: StoredRecord) -> RecordCondition {
        if record.payload.count > Store.maximumRecordBytes { return .oversized(bytes: record.payload.count) }
        return conditionOfPayload(record.payload)
    }

    /// Checks a record given for saving as this kind: a known version must decode with its
    /// types; a newer one is accepted as it is.
    public func validateForSave(_ bytes: some Collection<UInt8>) throws(RecordError) -> ValidatedRecord {
        try validation(Array(bytes))
    }

    /// Whether the tool can restore this kind against a document.
    public var restoresAgainstDocument: Bool { documentContext != nil }

    /// Reads the data this kind is reconciled against from a JSON document (checked before
    /// any database is opened); nil when this kind has no document form.
    public func context(fromDocument document: some Collection<UInt8>) throws(DocumentDecodingError) -> DocumentContext? {
        guard let documentContext else { return nil }
        return try documentContext(Array(document))
    }
}

extension RestorableState {
    /// This kind, for the tools' by-name operations (validation, inspection).
    public static var recordKind: RecordKind {
        RecordKind.builtIn(named: kind) ?? RecordKind(Self.self)
    }
}
