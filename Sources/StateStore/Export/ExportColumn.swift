/// How a redacted export writes each column of the store's tables, for every schema version
/// (a column an older schema lacks is simply absent from its source).
///
/// A table or column that is not listed here is refused, never copied: a migration that adds
/// one must say here how it is redacted.
enum ExportColumn: Equatable {
    /// Copied as it is: numbers, times, kinds, versions, reasons, build stamps.
    case kept
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
                "account": .name, "scene": .name, "kind": .kept, "version": .kept, "min_reader_version": .kept,
                "payload": .content(.record), "updated_at": .kept,
            ]
        ),
        ("record_build", ["account": .name, "scene": .name, "kind": .kept, "build": .kept, "updated_at": .kept]),
        (
            "record_history",
            [
                "id": .kept, "account": .name, "scene": .name, "kind": .kept, "version": .kept, "min_reader_version": .kept,
                "payload": .content(.record), "updated_at": .kept, "build": .kept, "replaced_at": .kept,
            ]
        ),
        (
            "quarantine",
            [
                "id": .kept, "account": .name, "scene": .name, "kind": .kept, "version": .kept, "payload": .content(.quarantined),
                "error": .content(.message), "reason": .kept, "updated_at": .kept, "quarantined_at": .kept,
            ]
        ),
        ("restore_mark", ["account": .name, "scene": .name, "kind": .kept, "started_at": .kept]),
        (
            "shelf_snapshot",
            [
                "id": .kept, "account": .name, "shelf": .name, "version": .kept, "min_reader_version": .kept,
                "payload": .content(.snapshot), "row_count": .kept, "fetched_at": .kept, "saved_at": .kept,
                "unreadable_error": .content(.message),
            ]
        ),
    ]

    /// Tables the export writes itself rather than copying.
    static let rewritten: Set<String> = ["schema_history", "store_meta"]
}
