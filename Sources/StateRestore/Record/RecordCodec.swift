import JSON
import StateStore

/// Reads, validates and writes the records of one kind.
///
/// A record is a JSON object: the envelope (`version`, absent meaning 1, and an optional
/// `minReaderVersion`) beside the state's own fields at the top level. Decoding reads the
/// envelope first, then upgrades an older record step by step (`State.upgrade(_:from:)`), lays
/// the stored object over the encoded ``RestorableState/defaultValue`` (absent fields at any
/// object depth take the default, and are listed) and decodes the result strictly. Fields the
/// kind's shape does not define, at every object depth, are kept and written back in place.
package enum RecordCodec<State: RestorableState> {
    /// Decodes a stored record on the restore path; never throws.
    package static func decode(_ bytes: some Collection<UInt8>) -> RecordDecoding<State> {
        do throws(RestoreError) {
            let object = try RecordHeader.parseObject(bytes)
            return decode(object, header: try RecordHeader(of: object))
        } catch {
            return .unreadable(error)
        }
    }

    /// Decodes a parsed record whose envelope was read.
    private static func decode(_ object: JSONObject, header: RecordHeader) -> RecordDecoding<State> {
        do throws(RestoreError) {
            guard let readAs = header.readableVersion(byReaderOf: State.currentVersion) else {
                return .newer(version: header.version, minReaderVersion: header.minReaderVersion)
            }
            var (state, defaults, unknown) = try read(object, from: readAs)
            if header.version > State.currentVersion {
                // Read through its minReaderVersion: saves write it back as the format it is.
                unknown[RecordHeader.versionField] = .integer(Int64(header.version))
                unknown[RecordHeader.minReaderVersionField] = header.minReaderVersion.map { .integer(Int64($0)) }
            }
            let provenance = RecordProvenance(
                sourceVersion: header.version, defaultsApplied: defaults,
                readThroughMinReaderVersion: header.version > State.currentVersion ? header.minReaderVersion : nil
            )
            return .decoded(state, provenance, unknownFields: unknown)
        } catch {
            return .unreadable(error)
        }
    }

    /// The record text of `state` in the current format, with `unknownFields` written after
    /// the state's own (a field the state defines wins over a carried one).
    ///
    /// Unknown fields are laid back at every object depth the kind's shape defines (see
    /// `UnknownFields`). A record that was read through its `minReaderVersion` (its carried
    /// fields hold its `version` and `minReaderVersion`) is written as that format again, never
    /// lowered to this build's.
    package static func encode(_ state: State, carrying unknownFields: JSONObject = JSONObject()) throws(RestoreError) -> String {
        let fields: JSONObject
        do {
            fields = try encodedObject(state)
        } catch {
            throw .invalidRecord("a \(State.kind) state cannot be encoded: \(error)")
        }
        let envelope = envelope(carrying: unknownFields)
        var members: [JSONObject.Element] = [(RecordHeader.versionField, .integer(Int64(envelope.version)))]
        members.reserveCapacity(fields.count + 2)
        if let minimum = envelope.minReaderVersion {
            members.append((RecordHeader.minReaderVersionField, .integer(Int64(minimum))))
        }
        // The encoding's keys are unique already, and none is the envelope's once skipped here.
        for member in fields where !RecordHeader.isField(member.key) { members.append(member) }
        var object = JSONObject(uniqueMembers: members)
        // The usual save carries nothing: no shape is looked up, nothing is copied.
        if !unknownFields.isEmpty {
            let unknown = RecordHeader.body(of: unknownFields)
            if let shape = KnownShapes.shape(of: State.self) {
                UnknownFields.layBack(unknown, into: &object, shape: shape)
            } else {
                for (key, value) in unknown where object[key] == nil { object[key] = value }
            }
        }
        return JSONValue.object(object).encoded()
    }

    /// The format a save writes: this build's, or the newer one a record was read as through
    /// its `minReaderVersion` (kept in the carried fields), never lowered.
    package static func envelope(carrying unknownFields: JSONObject) -> (version: Int, minReaderVersion: Int?) {
        if !unknownFields.isEmpty, case .integer(let version)? = unknownFields[RecordHeader.versionField], version > State.currentVersion,
            case .integer(let minimum)? = unknownFields[RecordHeader.minReaderVersionField], minimum <= State.currentVersion
        {
            return (Int(version), Int(minimum))
        }
        return (State.currentVersion, State.minReaderVersion < State.currentVersion ? State.minReaderVersion : nil)
    }

    /// Checks a record before it is stored (`restorectl save --kind K`), and gives the text the
    /// app's own build would store: a current-format record re-encoded from its decoded state
    /// (unknown fields carried) with the kind's `minReaderVersion`; an older or newer one in the
    /// canonical encoding of its format (no indentation, no trailing newline).
    ///
    /// A record of a version this build knows must decode (after its upgrades and defaults); a
    /// newer one is stored as it is, its envelope checked only (a restore that cannot decode it
    /// keeps it in place). `check` sees the body as this build reads it (after upgrades, before
    /// defaults) for the kind's rules beyond types.
    package static func validateForSave(
        _ bytes: some Collection<UInt8>, checking check: (JSONObject) throws(RestoreError) -> Void = { _ throws(RestoreError) in }
    ) throws(RestoreError) -> ValidatedRecord {
        let (object, header) = try RecordHeader.parseForSave(bytes)
        if header.version <= State.currentVersion {
            let (state, _, unknown) = try read(object, from: header.version)
            try check(try upgradedBody(object, from: header.version))
            if header.version == State.currentVersion {
                // What the app's own build writes: the state re-encoded, with the kind's envelope.
                let envelope = envelope(carrying: JSONObject())
                let payload: String
                do {
                    payload = try encode(state, carrying: unknown)
                } catch {
                    throw RestoreError.invalidField(field: "record", reason: error.localizedDescription)
                }
                return ValidatedRecord(
                    kind: State.kind, currentVersion: State.currentVersion, version: envelope.version, minReaderVersion: envelope.minReaderVersion,
                    payload: payload)
            }
        }
        // An older or newer format is stored as that format, in the canonical encoding.
        return ValidatedRecord(
            kind: State.kind, currentVersion: State.currentVersion, version: header.version, minReaderVersion: header.minReaderVersion,
            payload: JSONValue.object(object).encoded()
        )
    }

    /// The current-format text of an older record, or nil when it must stay as it is (current,
    /// newer, read through a `minReaderVersion`, or undecodable), carrying its unknown fields.
    static func upgradedPayload(_ bytes: UnsafeRawBufferPointer) -> RecordRewrite? {
        // The envelope first: a current or newer record stays as it is, so it is not decoded.
        guard let object = try? RecordHeader.parseObject(bytes.bindMemory(to: UInt8.self)), let header = try? RecordHeader(of: object),
            header.version < State.currentVersion,
            case .decoded(let state, let provenance, let unknown) = decode(object, header: header),
            provenance.sourceVersion < State.currentVersion, provenance.readThroughMinReaderVersion == nil,
            let payload = try? encode(state, carrying: unknown)
        else { return nil }
        let minimum = State.minReaderVersion < State.currentVersion ? State.minReaderVersion : nil
        return RecordRewrite(version: State.currentVersion, minReaderVersion: minimum, payload: payload)
    }

    // MARK: Reading

    /// The record's fields without the envelope, upgraded from format `version` step by step.
    private static func upgradedBody(_ object: JSONObject, from version: Int) throws(RestoreError) -> JSONObject {
        var body = RecordHeader.body(of: object)
        for step in version..<max(version, State.currentVersion) {
            do {
                try State.upgrade(&body, from: step)
            } catch {
                throw .upgradeFailed(fromVersion: step, reason: "\(error)")
            }
        }
        return body
    }

    /// Upgrades `object` from format `version`, fills defaults and decodes it.
    private static func read(
        _ object: JSONObject, from version: Int
    ) throws(RestoreError) -> (State, defaults: [String], unknown: JSONObject) {
        let body = try upgradedBody(object, from: version)
        let defaults = try KnownDefaults.object(of: State.self)
        var filled: [String] = []
        let merged = body.laid(over: defaults, filled: &filled)
        var unknown = JSONObject()
        // A record whose every field the default's encoding writes too has no unknown field,
        // whatever the shape: restoring it derives nothing (``UnknownFields/isCovered(_:by:)``).
        // Once the shape is known (a record that needed it, a migration's first record), it
        // is used without the check.
        let known = KnownShapes.known(State.self)
        if known != nil || !UnknownFields.isCovered(body, by: defaults) {
            if let shape = known ?? KnownShapes.shape(of: State.self) {
                unknown = UnknownFields.collect(body, shape: shape)
            } else {
                for (key, value) in body where defaults[key] == nil { unknown[key] = value }
            }
        }
        do {
            let state = try JSONValueDecoder().decode(State.self, from: .object(merged))
            return (state, filled, unknown)
        } catch {
            throw RestoreError(error)
        }
    }

    private static func encodedObject(_ state: State) throws -> JSONObject {
        guard case .object(let object) = try JSONValueEncoder().encode(state) else {
            throw RestoreError.invalidRecord("a \(State.kind) state must encode as a JSON object (a struct with keyed fields)")
        }
        return object
    }
}
