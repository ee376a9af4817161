import JSON
import ScreenModels
import StateRestore

/// The catalog kind's records through the engine's generic codec, for the package's own tools
/// (the benchmark, the fuzzer) and tests, which take a catalog record apart without a database.
package enum CatalogRecordCodec {
    /// Decodes a stored catalog record as a restore does.
    package static func decode(_ bytes: some Collection<UInt8>) -> RecordDecoding<CatalogViewState> {
        RecordCodec<CatalogViewState>.decode(bytes)
    }

    /// Decodes a stored catalog record given as text.
    package static func decode(_ text: String) -> RecordDecoding<CatalogViewState> {
        decode(Array(text.utf8))
    }

    /// The current-format text of `state`, carrying `unknownFields` (a catalog state always
    /// encodes: its offset is clamped into `0...1`).
    package static func encode(_ state: CatalogViewState, carrying unknownFields: JSONObject = JSONObject()) -> String {
        (try? RecordCodec<CatalogViewState>.encode(state, carrying: unknownFields)) ?? "{}"
    }

    /// Checks a catalog record given for saving, as `restorectl save` does.
    package static func validateForSave(_ bytes: some Collection<UInt8>) throws(RestoreError) -> ValidatedRecord {
        try RecordCodec<CatalogViewState>.validateForSave(bytes, checking: CatalogViewState.checkForSave)
    }

    /// Checks a catalog record given as text.
    package static func validateForSave(_ text: String) throws(RestoreError) -> ValidatedRecord {
        try validateForSave(Array(text.utf8))
    }
}
