/// How a redacted export writes each column of the store's tables, for every schema version
/// (a column an older schema lacks is simply absent from its source).
///
/// A table or column that is not listed here is refused, never copied: a migration that adds
/// one must say here how it is redacted.
enum ExportColumn: Equatable {
    /// Copied as it is: kinds, reasons, build stamps.
    case kept
    /// A number (an id, a version, a count, a time): copied when it is one. Anything else there
    /// (text a damaged or hand-edited file holds) is not the engine's, so it is treated as a
    /// name: its keyed hash.
    case number
    /// An account, scene or shelf name: a keyed hash under the export's own key.
    case name
    /// A value the redactor rewrites, of the row's kind (its `kind` column; `catalog` for a
    /// schema before kinds).
    case content(ExportedContent.Role)

    /// The store's tables in the order they are written (a build stamp after its record), with
    /// their columns. `schema_history` is not copied: the export's migrations write their own,
    /// and `store_meta` is rewritten by ``StoreMetaRedaction``.
    static let tables: [(name: String, columns: [String: ExportColumn])] = [
        (
            "scene_state",
            [
                "account": .name, "scene": .name, "kind": .kept, "version": .number, "min_reader_version": .number,
                "payload": .content(.record), "updated_at": .number,
            ]
        ),
        ("record_build", ["account": .name, "scene": .name, "kind": .kept, "build": .kept, "updated_at": .number]),
        (
            "record_history",
            [
                "id": .number, "account": .name, "scene": .name, "kind": .kept, "version": .number, "min_reader_version": .number,
                "payload": .content(.record), "updated_at": .number, "build": .kept, "replaced_at": .number,
            ]
        ),
        (
            "quarantine",
            [
                "id": .number, "account": .name, "scene": .name, "kind": .kept, "version": .number, "payload": .content(.quarantined),
                "error": .content(.message), "reason": .kept, "updated_at": .number, "quarantined_at": .number,
            ]
        ),
        ("restore_mark", ["account": .name, "scene": .name, "kind": .kept, "started_at": .number]),
        (
            "shelf_snapshot",
            [
                "id": .number, "account": .name, "shelf": .name, "version": .number, "min_reader_version": .number,
                "payload": .content(.snapshot), "row_count": .number, "fetched_at": .number, "saved_at": .number,
                "unreadable_error": .content(.message),
            ]
        ),
    ]

    /// Tables the export writes itself rather than copying.
    static let rewritten: Set<String> = ["schema_history", "store_meta"]
}
