/// Which older releases may still use a database file: the oldest schema version whose builds
/// may read it, and the oldest whose builds may write it.
///
/// Migrations from 5 on declare the pair in their header (`-- readable-by: 4`,
/// `-- writable-by: 4`); the migrator records each applied migration's pair in its
/// `schema_history` row. A file's pair is the highest over its history, a migration that
/// declares nothing counting as its own version: once one migration needs a newer reader, no
/// later one can make the file readable by an older build again.
///
/// A build whose latest schema version is below the file's reads it when that version is at
/// least ``readableBy``, writes it when at least ``writableBy``, and refuses it otherwise.
package struct SchemaCompatibility: Equatable, Sendable {
    /// The oldest schema version whose builds may read the file.
    package let readableBy: Int
    /// The oldest schema version whose builds may write it (never below ``readableBy``).
    package let writableBy: Int

    /// A pair of versions, as declared or recorded.
    package init(readableBy: Int, writableBy: Int) {
        self.readableBy = readableBy
        self.writableBy = writableBy
    }

    /// Whether a build whose latest schema version is `latestKnown` may read the file.
    package func isReadable(byBuildAt latestKnown: Int) -> Bool { readableBy <= latestKnown }
    /// Whether a build whose latest schema version is `latestKnown` may write the file.
    package func isWritable(byBuildAt latestKnown: Int) -> Bool { writableBy <= latestKnown }
}
