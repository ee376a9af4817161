import Foundation
import JSON
import StateStore

/// A record kind this build knows, by name: what the tools (`save --kind`, `restore --kind`,
/// `check`, `inspect`) need of a ``RestorableState`` type without knowing it statically.
///
/// ```swift
/// let report = try DatabaseCheck.run(path, kinds: [RecordKind(ReaderState.self)])
/// ```
package struct RecordKind: Sendable {
    /// The kind's name (`State.kind`).
    package let name: String
    /// The format the kind's type writes.
    package let currentVersion: Int
    /// The size budget its records are checked against, in bytes: the kind's
    /// ``RestorableState/maxRecordBytes``, else ``RecordSizeBreakdown/defaultBudget``.
    package let budget: Int
    /// Whether the kind declares its budget (saves over it are refused) rather than taking
    /// the default (saves over it are written and reported).
    package let declaresBudget: Bool
    private let conditionOfRecord: @Sendable (StoredRecord, _ now: Double) -> RecordCondition
    private let validation: @Sendable ([UInt8]) throws(RestoreError) -> ValidatedRecord
    /// The current-format text of an older record of this kind, or nil when it must stay as
    /// it is (current, newer, read through a `minReaderVersion`, or undecodable): what the
    /// migrations' record upgrades write.
    package private(set) var upgradedRecord: @Sendable (UnsafeRawBufferPointer) -> RecordRewrite?
    private var documentContext: (@Sendable ([UInt8]) throws -> DocumentContext)?
    /// How the tool restores this kind without a document, for a kind read from a format folder;
    /// nil for a kind with a state type (restored against a document, or not by the tool).
    package let contextWithoutDocument: DocumentContext?
    private let shapes: @Sendable () -> [Int: RecordShape]
    /// How the tool lands another device's portable record of this kind: against the data a
    /// document holds (a kind with a state type), or from the recorded formats.
    private var portableLanding: (@Sendable (_ portable: Data, _ document: [UInt8]?) throws -> DocumentContext)?

    /// A kind from its parts: what a kind without a state type (``init(formats:)``) is.
    init(
        name: String, currentVersion: Int, condition: @escaping @Sendable (StoredRecord, _ now: Double) -> RecordCondition,
        validation: @escaping @Sendable ([UInt8]) throws(RestoreError) -> ValidatedRecord, restoring: DocumentContext,
        landing: (@Sendable (Data) -> DocumentContext)? = nil, shapes: [Int: RecordShape]
    ) {
        self.name = name
        self.currentVersion = currentVersion
        // An app kind read from its format folder has no type to declare a budget: the default.
        budget = RecordSizeBreakdown.defaultBudget
        declaresBudget = false
        conditionOfRecord = condition
        self.validation = validation
        upgradedRecord = { _ in nil }
        documentContext = nil
        contextWithoutDocument = restoring
        portableLanding = landing.map { landing in { @Sendable portable, _ in landing(portable) } }
        self.shapes = { shapes }
    }

    /// The kind of `type`.
    package init<State: RestorableState>(_ type: State.Type) {
        self.init(type, checkingForSave: { _ throws(RestoreError) in })
    }

    /// The kind of `type`, whose records given for saving also pass `check` (rules beyond
    /// their types, such as ranges), called with the record's body as this build reads it, and
    /// whose older formats had `formerShapes` (by version; what a redacted export keeps the
    /// field names of in an older record).
    package init<State: RestorableState>(
        _ type: State.Type, checkingForSave check: @escaping @Sendable (JSONObject) throws(RestoreError) -> Void,
        formerShapes: @autoclosure @escaping @Sendable () -> [Int: RecordShape] = [:]
    ) {
        name = State.kind
        currentVersion = State.currentVersion
        budget = State.declaredByteBudget ?? RecordSizeBreakdown.defaultBudget
        declaresBudget = State.declaredByteBudget != nil
        // The launch's own reading of the record, with the launch's codec.
        conditionOfRecord = { record, now in
            RecordReading<State>(
                record.payload, savedAt: record.updatedAt, readerOf: State.currentVersion, lifetime: State.declaredLifetime.map(\.inSeconds),
                now: now, decode: RecordCodec<State>.decode
            ).condition()
        }
        validation = { bytes throws(RestoreError) in try RecordCodec<State>.validateForSave(bytes, checking: check) }
        upgradedRecord = { bytes in RecordCodec<State>.upgradedPayload(bytes) }
        documentContext = nil
        contextWithoutDocument = nil
        portableLanding = nil
        // Probed only when asked for (a redacted export): deriving a shape costs a decode, and
        // the former shapes are made only then too (a dictionary's first use costs a runtime
        // conformance lookup a restore need not pay).
        shapes = { formerShapes().merging((try? RecordShape(of: State.self)).map { [State.currentVersion: $0] } ?? [:]) { _, current in current } }
    }

    /// The kind of `type`, restorable by the tool against a context read from a document, and
    /// printed by the tool with what `summary` adds; `formerShapes` are its older formats'
    /// shapes by version.
    package init<State: Reconcilable>(
        _ type: State.Type,
        checkingForSave check: @escaping @Sendable (JSONObject) throws(RestoreError) -> Void = { _ throws(RestoreError) in },
        formerShapes: @autoclosure @escaping @Sendable () -> [Int: RecordShape] = [:],
        context: @escaping @Sendable ([UInt8]) throws -> State.Context,
        summary: @escaping @Sendable (Restoration<State>) -> RestorationSummary = { RestorationSummary($0) }
    ) {
        self.init(type, checkingForSave: check, formerShapes: formerShapes())
        documentContext = { bytes in
            let decoded = try context(bytes)
            return DocumentContext { restorer, key in
                let restored = restorer.restore(State.self, key, against: decoded)
                restorer.completeRestore(restored)  // the tool applied it by printing it
                return summary(restored)
            }
        }
        portableLanding = { portable, document in
            let decoded = try context(document ?? [])
            return DocumentContext { restorer, key in
                let landed = restorer.restore(State.self, key, fromPortable: portable, against: decoded)
                restorer.completeRestore(landed)
                return summary(landed)
            }
        }
    }

    /// What this build can make of `record` (which must be of this kind), as a launch now would
    /// read it (the one reading of a record, `RecordReading`).
    package func condition(of record: StoredRecord) -> RecordCondition {
        conditionOfRecord(record, Store.now())
    }

    /// The breakdown of `record` (of this kind) when it is over the kind's ``budget``; nil
    /// within it.
    package func sizeBreakdown(of record: StoredRecord) -> RecordSizeBreakdown? {
        record.payload.count > budget ? RecordSizeBreakdown(of: record.payload, budget: budget) : nil
    }

    /// Checks a record given for saving as this kind: a known version must decode with its
    /// types; a newer one is accepted as it is.
    ///
    /// A record of a format whose shape this build knows, none of whose fields is a field of
    /// any format the kind has had, is refused (``RestoreError/invalidRecord(_:)``): it is another
    /// kind's record or a document given by mistake, which the unknown-field rule (fields this
    /// build does not know are kept) would otherwise store whole under this kind.
    package func validateForSave(_ bytes: some Collection<UInt8>) throws(RestoreError) -> ValidatedRecord {
        let bytes = Array(bytes)
        let record = try validation(bytes)
        // An older format this build has no recorded shape of is checked against its envelope
        // only; a field of any format the kind has had is the kind's (a later format's field
        // in an older record is carried, not checked).
        let shapes = recordShapes
        guard shapes[record.version] != nil, let (object, _) = try? RecordHeader.parseForSave(bytes) else { return record }
        let known = Set(shapes.values.flatMap(\.fields.keys))
        guard !known.isEmpty else { return record }
        let fields = RecordHeader.body(of: object).map(\.key)
        guard !fields.isEmpty, !fields.contains(where: known.contains) else { return record }
        let shown = fields.sorted().prefix(5).map { "\"\($0)\"" }.joined(separator: ", ")
        throw .invalidRecord(
            "none of its fields (\(shown)\(fields.count > 5 ? ", …" : "")) is a field of any \(name) format this build knows; is it another kind's record, or a document?")
    }

    /// The shapes of the kind's formats by version, as far as this build knows them: for a
    /// kind with a state type the current format's (none when it cannot be derived) and the
    /// former ones it was given, every recorded one for a kind read from a format folder. What
    /// a redacted export keeps field names and listed values by (``RecordRedaction``).
    package var recordShapes: [Int: RecordShape] { shapes() }

    /// Whether the tool can restore this kind against a document.
    package var restoresAgainstDocument: Bool { documentContext != nil }

    /// Reads the data this kind is reconciled against from a JSON document (checked before
    /// any database is opened); nil when this kind has no document form. Throws the kind's
    /// document error.
    package func context(fromDocument document: some Collection<UInt8>) throws -> DocumentContext? {
        try documentContext?(Array(document))
    }

    /// How the tool lands `portable`, another device's portable record of this kind: against
    /// `document` for a kind with a state type (its document error thrown), from the recorded
    /// formats for one read from a format folder; nil when the kind cannot be landed by the tool.
    package func landing(fromPortable portable: Data, document: [UInt8]?) throws -> DocumentContext? {
        try portableLanding?(portable, document)
    }

    /// This kind with its older records upgraded by `upgrade` at a migration instead of through
    /// its codec (decode, upgrade, encode): for a kind whose format lets a record be upgraded
    /// at the JSON level, `upgrade` must return exactly what ``upgradedRecord`` returns
    /// for every record, a test comparing the two.
    package func upgradingRecords(with upgrade: @escaping @Sendable (UnsafeRawBufferPointer) -> RecordRewrite?) -> RecordKind {
        var kind = self
        kind.upgradedRecord = upgrade
        return kind
    }
}
