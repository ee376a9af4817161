import JSON
import StateStore

/// Each kind's ``RestorableState/defaultValue`` encoded as the object stored records are laid
/// over, made once per process at its kind's first decode and kept, so a restore or a
/// migration's record upgrade does not encode the default again for every record.
enum KnownDefaults {
    private static let objects = Locked<[ObjectIdentifier: Result<JSONObject, RestoreError>]>([:])

    /// `State`'s default as an object, or why it cannot be one.
    static func object<State: RestorableState>(of type: State.Type) throws(RestoreError) -> JSONObject {
        let key = ObjectIdentifier(type)
        if let known = objects.withLock({ $0[key] }) { return try known.get() }
        let made: Result<JSONObject, RestoreError>
        do {
            guard case .object(let object) = try JSONValueEncoder().encode(State.defaultValue) else {
                throw RestoreError.invalidRecord("a \(State.kind) state must encode as a JSON object (a struct with keyed fields)")
            }
            made = .success(object)
        } catch {
            made = .failure(.invalidField(field: "", reason: "the default \(State.kind) state cannot be encoded: \(error)"))
        }
        objects.withLock { $0[key] = made }
        return try made.get()
    }
}
