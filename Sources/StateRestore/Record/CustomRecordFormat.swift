import JSON

/// A kind that reads and writes its records with a codec of its own instead of the generic
/// Codable one: the catalog, whose v1–v3 records predate the generic codec and whose restore
/// path is hand-tuned. Internal: an app's kinds always use the generic codec.
protocol CustomRecordFormat: RestorableState {
    /// Decodes a stored record; `type` is `Self`, passed so the result can be typed for callers
    /// that only know the kind generically.
    static func decodeRecord<S: RestorableState>(_ bytes: some Collection<UInt8>, as type: S.Type) -> RecordDecoding<S>
    /// The record text of `state` (which is a `Self`) in the current format.
    static func encodeRecord<S: RestorableState>(_ state: S, carrying unknownFields: JSONObject) -> String
    /// Checks a record before it is stored as given.
    static func validateRecordForSave(_ bytes: [UInt8]) throws(RecordError) -> ValidatedRecord
}
