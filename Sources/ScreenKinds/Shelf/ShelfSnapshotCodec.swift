import Foundation
import JSON
import ScreenModels
import StateRestore

/// Reads and writes the stored form of a shelf's `ShelfSnapshot`.
///
/// Format history, all readable:
/// - v1: `{"version": 1, "books": [{"id", "title", "revision"}], "fetchedAt": seconds since
///   1970, "drafts": [{"bookID", "baseRevision", "proposedTitle"}]}`
/// - v2 (current): v1 plus `"query"`, the query the listed books answer (`""` when absent). A
///   draft may carry `"recovered": true`: it was kept from a stored snapshot that the launch
///   saving this one could not read, and restores flagged as a conflict.
///
/// A snapshot may carry `"minReaderVersion"`: a newer one is read as v2 when it is 2 or lower,
/// and is otherwise left for the release that wrote it. Every v1/v2 field but `query` is
/// required and typed, book IDs are unique, and `fetchedAt` is finite. Unknown members are
/// ignored.
///
/// ```swift
/// let text = try ShelfSnapshotCodec.encode(snapshot)
/// let again = try ShelfSnapshotCodec.decode(text.utf8)
/// ```
package enum ShelfSnapshotCodec: SnapshotFormat {
    /// A stored snapshot as read: the shelf's snapshot, and the books whose draft says
    /// `"recovered": true` (kept from a snapshot a launch could not read; restored flagged as
    /// conflicts).
    package struct Stored: Equatable, Sendable {
        /// The shelf's snapshot.
        package var snapshot: ShelfSnapshot
        /// The books whose draft was recovered.
        package var recoveredDrafts: Set<Int> = []

        /// `snapshot`, with the drafts of `recoveredDrafts`' books flagged as recovered.
        package init(snapshot: ShelfSnapshot, recoveredDrafts: Set<Int> = []) {
            self.snapshot = snapshot
            self.recoveredDrafts = recoveredDrafts
        }
    }

    /// What the snapshots are of, as reports name them.
    package static let kind = "shelf"
    /// The format version this build writes, and the newest it reads natively.
    package static let currentVersion = 2
    /// How many snapshots this build reads are kept per shelf.
    package static var kept: Int { StateRestorer.shelfSnapshotsKept }

    /// Writes `snapshot` compactly with keys `version`, `query`, `books`, `fetchedAt`, `drafts`;
    /// `fetchedAt` is written as seconds since 1970.
    ///
    /// Throws `RestoreError.invalidField(field:reason:)` for a `fetchedAt` that is not finite
    /// rather than write a timestamp JSON cannot hold, and for a book `id` that repeats an
    /// earlier one rather than write a snapshot that would not read back.
    package static func encode(_ snapshot: ShelfSnapshot) throws(RestoreError) -> String {
        String(decoding: try encoded(Stored(snapshot: snapshot)).bytes, as: UTF8.self)
    }

    /// ``encode(_:)``'s text as UTF-8 bytes, which the store writes without another copy, with
    /// the row count and `fetchedAt` it is filed under.
    ///
    /// The drafts of the books in `recoveredDrafts` are written with `"recovered": true`: kept
    /// from a stored snapshot the launch that saved this one could not read, so the next restore
    /// flags them as conflicts. Readers of format 2 that do not know the member ignore it.
    package static func encoded(_ stored: Stored) throws(RestoreError) -> (bytes: [UInt8], rowCount: Int, fetchedAt: Double) {
        let (snapshot, recoveredDrafts) = (stored.snapshot, stored.recoveredDrafts)
        let fetchedAt = snapshot.fetchedAt.timeIntervalSince1970
        guard fetchedAt.isFinite else { throw notFinite(fetchedAt) }
        try checkUniqueIDs(snapshot.books)
        // Written piece by piece (one small value per row), never as a tree of the whole
        // snapshot, and into a buffer sized up front, so a large shelf costs its text and little
        // more. The text is what the tree would encode to: same keys, order and spelling.
        var writer = JSONWriter(isPretty: false, sortsKeys: false, capacity: estimatedSize(of: snapshot))
        writer.append("{\"version\":\(currentVersion),\"query\":")
        writer.write(.string(snapshot.query))
        writer.append(",\"books\":[")
        for (position, book) in snapshot.books.enumerated() {
            if position > 0 { writer.append(",") }
            writer.write(["id": .integer(Int64(book.id)), "title": .string(book.title), "revision": .integer(Int64(book.revision))])
        }
        writer.append("],\"fetchedAt\":")
        writer.write(.double(fetchedAt))
        writer.append(",\"drafts\":[")
        for (position, draft) in snapshot.drafts.enumerated() {
            if position > 0 { writer.append(",") }
            var object: JSONObject = [
                "bookID": .integer(Int64(draft.bookID)),
                "baseRevision": .integer(Int64(draft.baseRevision)),
                "proposedTitle": .string(draft.proposedTitle),
            ]
            if recoveredDrafts.contains(draft.bookID) { object["recovered"] = .bool(true) }
            writer.write(.object(object))
        }
        writer.append("]}")
        return (writer.output, snapshot.books.count, fetchedAt)
    }

    /// `snapshot` with the drafts of `stored` it lacks (of books it has no draft for), flagged
    /// as recovered.
    package static func keeping(_ stored: Stored, in snapshot: Stored) -> Stored {
        let drafted = Set(snapshot.snapshot.drafts.map(\.bookID))
        let lacking = stored.snapshot.drafts.filter { !drafted.contains($0.bookID) }
        var merged = snapshot
        merged.snapshot.drafts += lacking
        merged.recoveredDrafts.formUnion(lacking.map(\.bookID))
        return merged
    }

    /// The encoded size when no text needs escapes (one with escapes grows the buffer once).
    static func estimatedSize(of snapshot: ShelfSnapshot) -> Int {
        func digits(_ number: Int) -> Int {
            var rest = number.magnitude
            var count = number < 0 ? 2 : 1
            while rest >= 10 {
                rest /= 10
                count += 1
            }
            return count
        }
        // {"id":,"title":"","revision":} and a comma: 31 bytes around the values.
        let books = snapshot.books.reduce(0) { $0 + 31 + digits($1.id) + $1.title.utf8.count + digits($1.revision) }
        // {"bookID":,"baseRevision":,"proposedTitle":""} and a comma: 47 bytes.
        let drafts = snapshot.drafts.reduce(0) { $0 + 47 + digits($1.bookID) + $1.proposedTitle.utf8.count + digits($1.baseRevision) }
        return books + drafts + snapshot.query.utf8.count + 96
    }

    /// Reads a snapshot of any format this build can read; a newer one it may not read throws
    /// `RestoreError.newerVersion(version:newestReadable:)`.
    package static func decode(_ bytes: some Collection<UInt8>) throws(RestoreError) -> ShelfSnapshot {
        switch decodeStored(bytes) {
        case .decoded(let stored, _, _): return stored.snapshot
        case .newer(let version, _): throw .newerVersion(version: version, newestReadable: currentVersion)
        case .unreadable(let error): throw error
        }
    }

    /// Reads a stored snapshot on the restore path (never throws).
    package static func decode(stored bytes: UnsafeBufferPointer<UInt8>) -> RecordDecoding<Stored> { decodeStored(bytes) }

    /// ``decode(stored:)`` of any bytes.
    package static func decodeStored(_ bytes: some Collection<UInt8>) -> RecordDecoding<Stored> {
        do throws(RestoreError) {
            let parsed = try parse(bytes)
            let header = try header(of: parsed.object)
            guard header.readableVersion(byReaderOf: currentVersion) != nil else {
                return .newer(version: header.version, minReaderVersion: header.minReaderVersion)
            }
            var defaults: [String] = []
            let snapshot = try read(parsed, defaultsApplied: &defaults)
            let provenance = RecordProvenance(
                sourceVersion: header.version, defaultsApplied: defaults,
                readThroughMinReaderVersion: header.version > currentVersion ? header.minReaderVersion : nil
            )
            return .decoded(Stored(snapshot: snapshot, recoveredDrafts: parsed.recoveredDrafts), provenance, unknownFields: JSONObject())
        } catch {
            return .unreadable(error)
        }
    }

    /// Checks a snapshot given for storing (`restorectl shelf save`): one of a format this build
    /// reads must decode, and is stored in the current format; a newer one is stored as it is.
    package static func validateForSave(_ bytes: some Collection<UInt8>) throws(RestoreError) -> ValidatedShelfSnapshot {
        let parsed = try parse(bytes)
        let header = try header(of: parsed.object)
        if header.readableVersion(byReaderOf: currentVersion) == nil {
            var fetchedAt: Double?
            switch parsed.object["fetchedAt"] {
            case .integer(let integer)?: fetchedAt = Double(integer)
            case .double(let double)? where double.isFinite: fetchedAt = double
            default: fetchedAt = nil
            }
            return ValidatedShelfSnapshot(
                version: header.version, minReaderVersion: header.minReaderVersion, payload: String(decoding: bytes, as: UTF8.self),
                rowCount: parsed.books.count, fetchedAt: fetchedAt, snapshot: nil
            )
        }
        var defaults: [String] = []
        let snapshot = try read(parsed, defaultsApplied: &defaults)
        return ValidatedShelfSnapshot(
            version: currentVersion, minReaderVersion: nil, payload: try encode(snapshot),
            rowCount: snapshot.books.count, fetchedAt: snapshot.fetchedAt.timeIntervalSince1970, snapshot: snapshot
        )
    }
}
