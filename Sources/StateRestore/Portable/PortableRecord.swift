import JSON
import MigrationHeader
import StateStore

/// A screen's state as it crosses to another device: one JSON object holding the kind, the
/// record's format `version` and `minReaderVersion`, the canonical record itself (as the store
/// keeps it, unknown fields included), the build and device that wrote it, a logical version,
/// and a SHA-256 checksum of the rest.
///
/// ```json
/// {"portable":1,"kind":"reader","version":3,"minReaderVersion":2,"build":"3.0","device":"tablet",
///  "logical":7,"record":{"version":3,"minReaderVersion":2,"bookID":7,"page":42,…},"checksum":"…"}
/// ```
///
/// The logical version is a Lamport counter, not a clock: each device sends one higher than any
/// it has sent or landed, so clock skew cannot reorder two records. Between two records of a
/// slot the higher logical version wins, then the greater device id (``beats(_:)``): every
/// device picks the same winner whatever order they arrive in.
///
/// The checksum is over the canonical encoding (``JSONValue/encoded(pretty:sortedKeys:)``)
/// of the object without its `checksum` member, so a record re-encoded by any JSON writer that
/// keeps member order and values still checks.
package struct PortableRecord: Equatable, Sendable {
    /// The envelope format this build writes and reads.
    package static let format = 1

    /// The highest logical version a record may carry: 2^53 − 1, the largest integer every
    /// JSON reader holds exactly, and more sends than any device makes.
    package static let maximumLogicalVersion = (1 << 53) - 1

    package var kind: String
    package var version: Int
    package var minReaderVersion: Int?
    package var appBuild: String
    package var deviceID: String
    package var logicalVersion: Int
    /// The record, with its own `version` and `minReaderVersion`.
    package var record: JSONObject

    /// A portable record of `record` (a record's canonical text parsed, its envelope read).
    package init(kind: String, record: JSONObject, header: RecordHeader, appBuild: String, deviceID: String, logicalVersion: Int) {
        self.kind = kind
        version = header.version
        minReaderVersion = header.minReaderVersion
        self.appBuild = appBuild
        self.deviceID = deviceID
        self.logicalVersion = logicalVersion
        self.record = record
    }

    /// Whether this record wins over `other` for the same slot: a higher logical version, then,
    /// at the same one, a device id greater by its UTF-8 bytes (then the record's text, so two
    /// different records never tie).
    package func beats(_ other: PortableRecord) -> Bool {
        if logicalVersion != other.logicalVersion { return logicalVersion > other.logicalVersion }
        if !deviceID.hasSameBytes(as: other.deviceID) { return other.deviceID.utf8.lexicographicallyPrecedes(deviceID.utf8) }
        return other.recordText.utf8.lexicographicallyPrecedes(recordText.utf8)
    }

    /// The record's canonical text, as a store keeps it.
    package var recordText: String { JSONValue.object(record).encoded() }

    /// The portable record's text.
    package func encoded() -> String { Self.signed(unsigned) }

    /// The text of `object` with its checksum member set to the checksum of the rest (any
    /// checksum it had replaced): what ``encoded()`` writes, and what the fuzzer re-signs a
    /// mutated record with so that it reaches the checks past the checksum.
    package static func signed(_ object: JSONObject) -> String {
        var object = JSONObject(uniqueMembers: object.filter { !JSONObject.isSameKey($0.key, checksumField) })
        object[checksumField] = .string(SHA256.hexDigest(of: JSONValue.object(object).encoded().utf8))
        return JSONValue.object(object).encoded()
    }

    /// Throws ``RestoreError/portableOverBudget(scene:kind:_:)`` when this record's text is over
    /// `budget` bytes, naming the record's largest fields as the record budget does
    /// (``RecordSizeBreakdown``), and the envelope's build or device id when they are among
    /// the largest.
    package func checkBudget(_ budget: Int, for key: SceneKey) throws(RestoreError) {
        let size = encoded().utf8.count
        guard size > budget else { return }
        // The envelope's own text (the app's build and device id) counts too: when it is what
        // is large, the refusal names it rather than the record's small fields.
        let envelope = [("build", appBuild), ("device", deviceID)].map { (path: $0.0, bytes: JSONValue.string($0.1).encoded().utf8.count) }
        let fields = Array((RecordSizeBreakdown(of: recordText.utf8, budget: budget).largestFields + envelope).sorted { $0.bytes > $1.bytes }.prefix(3))
        throw .portableOverBudget(scene: key.description, kind: kind, RecordSizeBreakdown(bytes: size, budget: budget, largestFields: fields))
    }

    private var unsigned: JSONObject {
        var object = JSONObject()
        object["portable"] = .integer(Int64(Self.format))
        object["kind"] = .string(kind)
        object["version"] = .integer(Int64(version))
        if let minReaderVersion { object["minReaderVersion"] = .integer(Int64(minReaderVersion)) }
        object["build"] = .string(appBuild)
        object["device"] = .string(deviceID)
        object["logical"] = .integer(Int64(logicalVersion))
        object["record"] = .object(record)
        return object
    }

    private static let checksumField = "checksum"

    // MARK: Reading

    /// Why bytes are not a portable record this build lands.
    package enum Failure: Error, Equatable, Sendable {
        /// Truncated or damaged: not JSON, a checksum that does not match, a field missing or
        /// of the wrong type.
        case damaged(String)
        /// Not a portable record (another program's data), or one of another kind.
        case foreign(String)
        /// A portable envelope of a newer format than this build reads.
        case unsupported(format: Int)

        /// The report code of a landing refused for this.
        package var code: RestoreCode {
            switch self {
            case .damaged: .portableDamaged
            case .foreign: .portableForeign
            case .unsupported: .portableUnsupported
            }
        }

        package var reason: String {
            switch self {
            case .damaged(let why): "the portable record is truncated or damaged: \(why)"
            case .foreign(let why): "the bytes are not a portable record of this app: \(why)"
            case .unsupported(let format): "the portable record's envelope has format \(format), newer than this build reads (\(PortableRecord.format))"
            }
        }
    }

    /// The report entry of a landing of this record.
    package var landedEntry: RestoreReportEntry {
        RestoreReportEntry(
            .portableLanded,
            "the state came from device \(StoreNames.quoted(deviceID)) (build \(StoreNames.quoted(appBuild))), logical version \(logicalVersion), format \(version)")
    }

    /// The report entry of a record of a format this build does not read, which did not land:
    /// the engine's and the tool's (`restore --portable --formats`) words.
    package var unsupportedEntry: RestoreReportEntry {
        Self.refusal(
            .portableUnsupported,
            "the portable record from device \(StoreNames.quoted(deviceID)) (build \(StoreNames.quoted(appBuild))) has format \(version), which this build does not read; a record in a key-value store stays there for a release that reads it"
        )
    }

    /// The report entry of a landing refused with `code`: `detail`, then that nothing landed.
    package static func refusal(_ code: RestoreCode, _ detail: String) -> RestoreReportEntry {
        RestoreReportEntry(code, "\(detail); nothing landed and the default state was used")
    }

    /// The refusal of a record of `kind` that does not decode, for `reason` (the engine's and
    /// the tool's words).
    package static func undecodable(kind: String, because reason: String) -> RestoreReportEntry {
        refusal(.portableDamaged, "the portable record's \(kind) record does not decode (\(reason))")
    }

    /// Reads `bytes` as a portable record; never traps, whatever the bytes.
    package static func parse(_ bytes: some Collection<UInt8>) throws(Failure) -> PortableRecord {
        let value: JSONValue
        do throws(JSONParseError) {
            value = try JSONValue.parse(bytes, limits: limits)
        } catch {
            throw .damaged("it is not JSON (\(error.localizedDescription)); it may have been cut short")
        }
        guard case .object(let object) = value else { throw .foreign("it is a JSON \(value.kindName), not a portable record") }
        guard let format = object["portable"] else { throw .foreign("it has no \"portable\" member: it is not a portable record") }
        guard case .integer(let number) = format, number >= 1 else { throw .damaged("its \"portable\" member is \(format.briefDescription), not a format number") }
        guard number <= Int64(Self.format) else { throw .unsupported(format: Int(clamping: number)) }
        guard case .string(let checksum)? = object[checksumField] else { throw .damaged("it has no checksum") }
        let unsigned = JSONObject(uniqueMembers: object.filter { !JSONObject.isSameKey($0.key, checksumField) })
        guard SHA256.hexDigest(of: JSONValue.object(unsigned).encoded().utf8) == checksum else {
            throw .damaged("its checksum does not match its contents")
        }
        guard case .string(let kind)? = object["kind"], case .string(let build)? = object["build"], case .string(let device)? = object["device"],
            case .integer(let logical)? = object["logical"], logical >= 0, let logicalVersion = Int(exactly: logical),
            case .object(let record)? = object["record"]
        else { throw .damaged("a member (kind, build, device, logical, record) is missing or of the wrong type") }
        // A device's clock goes up by one a send: a version past this was made, not counted,
        // and it would win every comparison for good (and the next send's clock overflow).
        guard logicalVersion <= Self.maximumLogicalVersion else {
            throw .damaged("its logical version \(logicalVersion) is above \(Self.maximumLogicalVersion), more sends than any device makes")
        }
        let header: RecordHeader
        do throws(RestoreError) {
            header = try RecordHeader(of: record)
        } catch {
            throw .damaged("its record's envelope is invalid: \(error.localizedDescription)")
        }
        var outer = RecordHeader(version: 1)
        do throws(RestoreError) {
            outer = try RecordHeader(of: unsigned)
        } catch {
            throw .damaged("its envelope is invalid: \(error.localizedDescription)")
        }
        guard outer.version == header.version, outer.minReaderVersion == header.minReaderVersion else {
            throw .damaged("its version (\(outer.version)) or minReaderVersion does not match its record's (\(header.version))")
        }
        return PortableRecord(kind: kind, record: record, header: header, appBuild: build, deviceID: device, logicalVersion: logicalVersion)
    }

    /// One size limit for what is read: the store's record limit and room for the envelope.
    private static let limits = JSONLimits(maxBytes: Store.maximumRecordBytes + 4096, maxDepth: 66)
}
