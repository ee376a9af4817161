import JSON
import StateStore

/// The envelope every record shares: `version` (absent means 1) and an optional
/// `minReaderVersion`, read before anything else so an unknown format is an outcome, not an
/// error.
package struct RecordHeader {
    package static let versionField = "version"
    package static let minReaderVersionField = "minReaderVersion"
    /// Fields the codec sets; never part of a state or of its unknown fields.
    package static let fields: Set<String> = [versionField, minReaderVersionField]

    package var version: Int
    package var minReaderVersion: Int?
}

extension RecordHeader {
    package init(of object: JSONObject) throws(RestoreError) {
        self.init(version: 1)
        if let value = object[Self.versionField] {
            guard case .integer(let version) = value, version >= 1, let version = Int(exactly: version) else {
                throw .invalidVersion(got: value.briefDescription)
            }
            self.version = version
        }
        if let value = object[Self.minReaderVersionField] {
            guard case .integer(let minimum) = value, minimum >= 1, let minimum = Int(exactly: minimum) else {
                throw .invalidMinReaderVersion(got: value.briefDescription)
            }
            minReaderVersion = minimum
        }
    }

    /// Whether `key` names a field of the envelope (compared by code units, as object keys are).
    package static func isField(_ key: String) -> Bool {
        JSONObject.isSameKey(key, versionField) || JSONObject.isSameKey(key, minReaderVersionField)
    }

    /// `object` without the envelope's fields: the state's own, in order.
    package static func body(of object: JSONObject) -> JSONObject {
        guard object.contains(where: { isField($0.key) }) else { return object }
        return JSONObject(uniqueMembers: object.filter { !isField($0.key) })
    }

    /// The format a reader of `current` reads this record as: its own when not newer, the
    /// reader's own when the record's `minReaderVersion` allows, nil when it may not be read.
    package func readableVersion(byReaderOf current: Int) -> Int? {
        if version <= current { return version }
        guard let minReaderVersion, minReaderVersion <= current else { return nil }
        return current
    }

    /// The format of a record that did not decode as a reader of `current` reads it, when the
    /// record says it is newer: a newer release's record, which every reader of the file keeps
    /// in place for that release (`record-newer-unreadable`) and none counts as damage; nil for
    /// a record of this build's formats (or without a readable envelope), which is unreadable.
    ///
    /// The one rule the launch, `check`, `inspect` and the kinds read from format folders share
    /// (a launch kept such a record as nothing wrong while `check` called it a problem).
    package static func newerVersion(ofUndecodable bytes: some Collection<UInt8>, readerOf current: Int) -> Int? {
        guard let header = try? RecordHeader(of: parseObject(bytes)), header.version > current else { return nil }
        return header.version
    }

    /// The report of a newer release's record that did not decode (`error`) as format
    /// `current`: kept in place for that release, the default used.
    package static func newerUnreadableEntry(version: Int, readerOf current: Int, error: RestoreError) -> RestoreReportEntry {
        RestoreReportEntry(
            .recordNewerUnreadable,
            "the record has format \(version), newer than this build reads (\(current)), and did not decode as format \(current) (\(error.localizedDescription)); it was kept in place for the release that wrote it and the default state was used"
        )
    }

    /// Parses `bytes` as a JSON object within the record limits.
    package static func parseObject(_ bytes: some Collection<UInt8>) throws(RestoreError) -> JSONObject {
        let value: JSONValue
        do throws(JSONParseError) {
            value = try JSONValue.parse(bytes, limits: limits)
        } catch {
            throw .notJSON(error)
        }
        guard case .object(let object) = value else { throw .notAnObject(got: value.kindName) }
        return object
    }

    /// `bytes` parsed as a record given for saving, with its envelope: within the store's size
    /// limit, and a `minReaderVersion` not above the `version`.
    package static func parseForSave(_ bytes: some Collection<UInt8>) throws(RestoreError) -> (JSONObject, RecordHeader) {
        guard bytes.count <= Store.maximumRecordBytes else { throw .tooLarge(byteCount: bytes.count, limit: Store.maximumRecordBytes) }
        let object = try parseObject(bytes)
        let header = try RecordHeader(of: object)
        if let minimum = header.minReaderVersion, minimum > header.version {
            throw .minReaderVersionNewerThanVersion(minReaderVersion: minimum, version: header.version)
        }
        return (object, header)
    }

    /// One size limit for every record: the store's.
    package static let limits = JSONLimits(maxBytes: StateStore.Store.maximumRecordBytes, maxDepth: 64)
}
