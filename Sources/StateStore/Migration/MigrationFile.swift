import Foundation
import MigrationHeader

/// One numbered plain-SQL migration, as embedded from `Migrations/` at build time.
package struct MigrationFile: Sendable, Equatable {
    /// The schema version this migration produces (the file's numeric prefix).
    package let version: Int
    /// The file name, for example `0001_create_scene_state.sql`.
    package let name: String
    /// The file's SQL text, exactly as written.
    package let sql: String
    /// SHA-256 of the text with line endings normalised to `\n`, so a CRLF checkout is not an edit.
    package let checksum: String
    /// Which older schema versions may still read and write a file once this migration is
    /// applied, as its header declares (`-- readable-by: N`, `-- writable-by: M`); nil for
    /// migrations 1–4, which predate the rule.
    package let compatibility: SchemaCompatibility?
    /// The tables and indexes a file has once this migration and every one before it in this
    /// build are applied, as the build derived them; nil for a migration made in code, whose
    /// list the schema check derives from the SQL (`SchemaVerification.requiredObjects`).
    let schemaObjects: [String]?

    /// Creates a migration from a file name of the form `NNNN_description.sql` and its text.
    ///
    /// A migration from 5 on must declare its ``compatibility``: one without it is refused
    /// (`StoreError.invalidMigrationSet`, saying what to add), as the build refuses such a
    /// file in `Migrations/`.
    package init(name: String, sql: String) throws(StoreError) {
        let version = try Self.version(ofFileNamed: name)
        self.version = version
        self.name = name
        self.sql = sql
        self.checksum = MigrationHeader.checksum(of: sql)
        self.compatibility = try MigrationFile.declaredCompatibility(in: sql, version: version, name: name)
        self.schemaObjects = nil
    }

    /// A migration embedded by the build, with what the build derived from its text: nothing is
    /// parsed or hashed here, on the launch path.
    init(embedded entry: EmbeddedMigration) throws(StoreError) {
        guard try Self.version(ofFileNamed: entry.name) == entry.version else {
            throw .invalidMigrationSet("embedded migration \(entry.name) does not have the version its name gives")
        }
        self.version = entry.version
        self.name = entry.name
        self.sql = entry.sql
        self.checksum = entry.checksum
        if let readableBy = entry.readableBy, let writableBy = entry.writableBy {
            self.compatibility = SchemaCompatibility(readableBy: readableBy, writableBy: writableBy)
        } else {
            self.compatibility = nil
        }
        self.schemaObjects = entry.schemaObjects
    }

    /// The version a file name of the form `NNNN_description.sql` gives.
    private static func version(ofFileNamed name: String) throws(StoreError) -> Int {
        // An ASCII name (every one this project ships) is read byte by byte: its characters are
        // its bytes, and walking it as `Character`s cost each launch about 9 k instructions a
        // migration.
        if name.utf8.allSatisfy({ $0 < 0x80 }) {
            let bytes = name.utf8
            let digits = bytes.prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
            var version = 0
            var fits = true
            for digit in digits where fits {
                let (times, overflowedTimes) = version.multipliedReportingOverflow(by: 10)
                let (sum, overflowedSum) = times.addingReportingOverflow(Int(digit - UInt8(ascii: "0")))
                (version, fits) = (sum, !overflowedTimes && !overflowedSum)
            }
            guard !digits.isEmpty, fits, version >= 1, bytes.dropFirst(digits.count).first == UInt8(ascii: "_"), bytes.reversed().starts(with: ".sql".utf8.reversed())
            else {
                throw .invalidMigrationSet("migration file name \(name) is not of the form NNNN_description.sql")
            }
            return version
        }
        let digits = name.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, let version = Int(digits), version >= 1,
            name.dropFirst(digits.count).hasPrefix("_"), name.hasSuffix(".sql")
        else {
            throw .invalidMigrationSet("migration file name \(name) is not of the form NNNN_description.sql")
        }
        return version
    }

    /// Two migrations are equal when they are the same file: what the build derived from an
    /// embedded one is not part of it.
    package static func == (lhs: MigrationFile, rhs: MigrationFile) -> Bool {
        lhs.version == rhs.version && lhs.name == rhs.name && lhs.sql == rhs.sql && lhs.checksum == rhs.checksum
            && lhs.compatibility == rhs.compatibility
    }

    /// The pair a migration's header declares, read by the one parser the build uses too.
    static func declaredCompatibility(in sql: String, version: Int, name: String) throws(StoreError) -> SchemaCompatibility? {
        do {
            return try MigrationHeader.compatibility(in: sql, version: version, name: name).map {
                SchemaCompatibility(readableBy: $0.readableBy, writableBy: $0.writableBy)
            }
        } catch {
            throw .invalidMigrationSet(error.message)
        }
    }

    /// The data step the file declares with a `-- data-step: <name>` line, if any: work on
    /// stored records that the SQL alone cannot do, registered with
    /// `Migrator.registerDataMigration(for:_:)` by the module that knows the record format.
    package var declaredDataStep: String? {
        let marker = "-- data-step:"
        for line in sql.split(whereSeparator: \.isNewline) {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            guard trimmed.hasPrefix(marker) else { continue }
            let name = trimmed.dropFirst(marker.count).trimmingCharacters(in: .whitespaces)
            if !name.isEmpty { return name }
        }
        return nil
    }

    /// The migrations compiled into this build, in version order.
    ///
    /// They are checked once: numbered 1…N without gaps or duplicates. The build already
    /// refused a file that is not UTF-8 text or lacks its declaration, and derived each one's
    /// checksum, compatibility and schema objects (MigrationEmbedder).
    package static var embedded: Result<[MigrationFile], StoreError> {
        Result { () throws(StoreError) in try embeddedFiles() }
    }

    /// The newest version of the migrations compiled into this build (0 when they cannot be
    /// used): a migrator's ``Migrator/latestVersion`` without making one.
    package static var latestEmbeddedVersion: Int { embeddedSet.files.last?.version ?? 0 }

    /// The migrations compiled into this build (``embedded``), or why they cannot be used.
    static func embeddedFiles() throws(StoreError) -> [MigrationFile] {
        if let error = embeddedSet.error { throw error }
        return embeddedSet.files
    }

    /// The embedded migrations, checked once; held without `Result`, whose type a launch would
    /// make from its mangled name (a runtime lookup of `StoreError`'s `Error` conformance).
    private static let embeddedSet: EmbeddedSet = {
        do throws(StoreError) {
            var files: [MigrationFile] = []
            files.reserveCapacity(EmbeddedMigrations.files.count)
            for entry in EmbeddedMigrations.files { files.append(try MigrationFile(embedded: entry)) }
            return EmbeddedSet(files: try validated(files), error: nil)
        } catch {
            return EmbeddedSet(files: [], error: error)
        }
    }()

    /// The embedded migrations, or why they cannot be used.
    private struct EmbeddedSet: Sendable {
        let files: [MigrationFile]
        let error: StoreError?
    }

    /// Checks that `files` are numbered 1…N in order, without gaps or duplicates.
    package static func validated(_ files: [MigrationFile]) throws(StoreError) -> [MigrationFile] {
        let sorted = files.sorted { $0.version < $1.version }
        for (index, file) in sorted.enumerated() where file.version != index + 1 {
            throw .invalidMigrationSet("expected migration \(index + 1), found \(file.name): numbers must run 1…N without gaps or repeats")
        }
        return sorted
    }
}
