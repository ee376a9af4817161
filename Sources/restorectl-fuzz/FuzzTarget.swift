import Foundation
import ScreenKinds
import ScreenModels
import StateRestore
import StateStore

/// The decoders under fuzzing, each with the properties every input must satisfy. A violated
/// property traps, which libFuzzer (or the replay mode) reports as a crash with the input.
enum FuzzTarget: String, CaseIterable {
    /// Stored catalog view-state records: decode, save validation, encode round trip, reconcile.
    case record
    /// Catalog documents given to `restore --document`.
    case document
    /// Portable records another device sends (`restore(_:_:fromPortable:)`): the envelope and
    /// its checksum, then the record inside as a landing reads it.
    case portable

    /// Runs one input through the target's decoder and checks its properties.
    func run(_ bytes: UnsafeRawBufferPointer) {
        switch self {
        case .record: Self.checkRecord(bytes)
        case .document: Self.checkDocument(bytes)
        case .portable: Self.checkPortable(bytes)
        }
    }

    private static let sampleDocument = CatalogDocument(books: (1...40).map { CatalogBook(id: $0, title: "Book \($0) \($0 % 3 == 0 ? "Swift" : "Other")") })

    private static func checkRecord(_ bytes: UnsafeRawBufferPointer) {
        let decoding = RecordCodec<CatalogViewState>.decode(bytes)
        let validation = Result { try RecordKind.catalog.validateForSave(bytes) }
        if case .success(let validated) = validation {
            // Anything save accepts must read back as a record or as a newer record, which a
            // restore keeps in place whether or not it decodes.
            if case .unreadable(let error) = RecordCodec<CatalogViewState>.decode(validated.payload.utf8), !validated.isNewerThanThisBuild {
                preconditionFailure("save accepted a record restore cannot read: \(error)")
            }
        }
        guard case .decoded(let record, _, _) = decoding else { return }
        // Encoding is total and round-trips: the encoded form validates and decodes equal.
        let encoded: String
        do { encoded = try RecordCodec<CatalogViewState>.encode(record) } catch { preconditionFailure("a decoded record does not encode: \(error)") }
        guard encoded.utf8.count <= Store.maximumRecordBytes else { return }
        precondition((try? RecordKind.catalog.validateForSave(encoded.utf8)) != nil, "encoded record fails save validation: \(encoded)")
        guard case .decoded(let again, _, _) = RecordCodec<CatalogViewState>.decode(encoded.utf8) else {
            preconditionFailure("encoded record does not decode: \(encoded)")
        }
        precondition(again.query == record.query && again.selectedID == record.selectedID && again.showsOnlySelected == record.showsOnlySelected, "round trip changed the record")
        // Reconciliation never traps and always leaves a valid state.
        let reconciled = record.reconciled(with: sampleDocument).viewState
        if let viewport = reconciled.viewport {
            precondition((0...1).contains(viewport.offset), "offset \(viewport.offset) out of range after reconciliation")
            precondition(sampleDocument.contains(bookID: viewport.anchorID), "anchor \(viewport.anchorID) not in the document")
        }
        if let selected = reconciled.selectedID { precondition(sampleDocument.contains(bookID: selected), "dangling selection") }
        _ = sampleDocument.frame(for: reconciled)
    }

    private static func checkPortable(_ bytes: some Collection<UInt8>, resigning: Bool = true) {
        // Reading never traps; what it reads is written again as text that reads back equal,
        // and what it refuses has a landing report code.
        let record: PortableRecord
        do throws(PortableRecord.Failure) {
            record = try PortableRecord.parse(bytes)
        } catch {
            precondition([RestoreCode.portableDamaged, .portableForeign, .portableUnsupported].contains(error.code), "refusal without a landing code")
            // A mutation almost always breaks the checksum: signed again, the same object
            // reaches the envelope's other checks and the record inside.
            if resigning, case .object(let object)? = try? JSONValue.parse(bytes) {
                checkPortable(Array(PortableRecord.signed(object).utf8), resigning: false)
            }
            return
        }
        let encoded = record.encoded()
        guard let again = try? PortableRecord.parse(encoded.utf8) else { preconditionFailure("an encoded portable record does not read: \(encoded)") }
        precondition(again == record, "the round trip changed the portable record")
        // The record inside decodes as a landing decodes it, for every built-in kind.
        Array(record.recordText.utf8).withUnsafeBytes { checkRecord($0) }
        _ = RecordCodec<NotesState>.decode(record.recordText.utf8)
        _ = RecordCodec<ZonesState>.decode(record.recordText.utf8)
    }

    private static func checkDocument(_ bytes: UnsafeRawBufferPointer) {
        // Decoding builds the document with the trusted initializer, which traps on a duplicate
        // ID the decoder let through.
        guard let document = try? CatalogDocumentFile.decode(bytes) else { return }
        let books = document.books
        let state = CatalogViewState(query: books.first?.title ?? "", selectedID: books.last?.id, viewport: CatalogViewport(anchorID: books.first?.id ?? 0, offset: 0.5))
        let reconciled = state.reconciled(with: document).viewState
        let frame = document.frame(for: reconciled)
        precondition(frame.rows.count <= document.books.count, "frame has more rows than the document")
    }
}
