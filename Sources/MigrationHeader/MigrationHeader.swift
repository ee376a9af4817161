import Foundation

/// What a migration file's header comment declares about the releases that may still use the
/// file once the migration is applied, read the same way by the build (MigrationEmbedder) and
/// by the store (`MigrationFile`).
///
/// From migration 5 on every file declares, in lines of its own:
///
/// ```sql
/// -- readable-by: 4
/// -- writable-by: 4
/// ```
///
/// the oldest schema version whose builds may still read the file, and the oldest whose builds
/// may still write it. Migrations 1–4 predate the rule and declare nothing (their text is
/// checksummed into every file, so it never changes).
public enum MigrationHeader {
    /// The first migration that must declare `readable-by` and `writable-by`.
    public static let firstDeclaringVersion = 5

    /// The marker of the oldest schema version that may read the file.
    public static let readableByMarker = "-- readable-by:"
    /// The marker of the oldest schema version that may write the file.
    public static let writableByMarker = "-- writable-by:"

    /// Why a migration's declaration cannot be used, as one line naming the file and what to
    /// write in it.
    public struct Problem: Error, Equatable, Sendable {
        /// The line, for a build log or an error description.
        public let message: String
    }

    /// The `(readableBy, writableBy)` that the SQL of migration `version` (file `name`)
    /// declares: nil for a migration before ``firstDeclaringVersion`` (whatever it says).
    ///
    /// - Throws: ``Problem`` when a migration from 5 on lacks either line, repeats one, gives
    ///   something other than a whole number, or declares numbers that cannot hold (each at
    ///   least 1 and at most `version`, and `readable-by` at most `writable-by`: a build that may
    ///   write the file must read it).
    public static func compatibility(in sql: String, version: Int, name: String) throws(Problem) -> (readableBy: Int, writableBy: Int)? {
        guard version >= firstDeclaringVersion else { return nil }
        var readable: [Substring] = []
        var writable: [Substring] = []
        for line in sql.split(whereSeparator: \.isNewline) {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if trimmed.hasPrefix(readableByMarker) { readable.append(trimmed.dropFirst(readableByMarker.count)) }
            if trimmed.hasPrefix(writableByMarker) { writable.append(trimmed.dropFirst(writableByMarker.count)) }
        }
        let howTo =
            "add the lines `\(readableByMarker) N` and `\(writableByMarker) M` to its header, N and M the oldest schema versions that may still read and write the file once it is applied (N = M = \(version - 1) for an additive migration that older releases keep using, \(version) for one they must not touch)"
        guard !readable.isEmpty, !writable.isEmpty else {
            let missing = [readable.isEmpty ? "readable-by" : nil, writable.isEmpty ? "writable-by" : nil].compactMap { $0 }
            throw Problem(message: "migration \(name) declares no \(missing.joined(separator: " and ")): \(howTo)")
        }
        guard readable.count == 1, writable.count == 1 else {
            throw Problem(message: "migration \(name) declares readable-by or writable-by more than once: keep one line of each")
        }
        guard let readableBy = Int(readable[0].trimmingCharacters(in: .whitespaces)), let writableBy = Int(writable[0].trimmingCharacters(in: .whitespaces)) else {
            throw Problem(message: "migration \(name): readable-by and writable-by must each be a schema version (a whole number): \(howTo)")
        }
        guard (1...version).contains(readableBy), (1...version).contains(writableBy) else {
            throw Problem(message: "migration \(name) declares readable-by \(readableBy) and writable-by \(writableBy); each must be a schema version from 1 to \(version)")
        }
        guard readableBy <= writableBy else {
            throw Problem(message: "migration \(name) declares readable-by \(readableBy) above writable-by \(writableBy); a release that may write the file must read it")
        }
        return (readableBy, writableBy)
    }

    /// The checksum a migration's text is recorded under in `schema_history`: the SHA-256 of
    /// the text with line endings normalised to `\n`, so a CRLF checkout is not an edit.
    /// Computed by the build for the embedded migrations, and by the store for those given in
    /// code and when it compares.
    public static func checksum(of sql: String) -> String {
        SHA256.hexDigest(of: Data(sql.replacingOccurrences(of: "\r\n", with: "\n").utf8))
    }
}
