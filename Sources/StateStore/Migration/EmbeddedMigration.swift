/// One migration as the build embeds it (`EmbeddedMigrations.files`, written by
/// MigrationEmbedder): its text and what the build derived from it, so that a launch parses
/// and hashes nothing.
struct EmbeddedMigration: Sendable {
    let version: Int
    let name: String
    /// The checksum of ``sql`` (`MigrationHeader.checksum(of:)`).
    let checksum: String
    /// The oldest schema version that may read a file once it is applied, as declared; nil for
    /// migrations 1–4.
    let readableBy: Int?
    /// The oldest schema version that may write a file once it is applied, as declared.
    let writableBy: Int?
    /// The tables and indexes a file has once this migration and all before it are applied,
    /// sorted (`SchemaChange.objects(after:)`).
    let schemaObjects: [String]
    let sql: String
}
