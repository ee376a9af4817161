import Foundation
import JSON
import StateStore

/// Each kind's ``RestorableState/defaultValue`` encoded as the object stored records are laid
/// over, made once per process at its kind's first decode and kept, so a restore or a
/// migration's record upgrade does not encode the default again for every record.
enum KnownDefaults {
    /// Guards `objects`.
    private static let objectsLock = NSLock()
    /// Each object or why there is none: a list, not a dictionary (see ``ScreenTable``), nor a
    /// `Result` (a runtime lookup of its `Error` conformance). Its elements are objects: a list of
    /// tuples had its type (the tuple's, the optional error's) made from its mangled name at the
    /// first restore (0.13 M instructions).
    /// Reached only under `objectsLock` (a static list under an `NSLock`, not a `Locked`:
    /// see `Locked`).
    @exclusivity(unchecked) nonisolated(unsafe) private static var objects: [Known] = []

    /// One kind's object, or why there is none.
    private final class Known: Sendable {
        let type: ObjectIdentifier
        let object: JSONObject?
        let failure: RestoreError?

        init(type: ObjectIdentifier, object: JSONObject?, failure: RestoreError?) {
            self.type = type
            self.object = object
            self.failure = failure
        }
    }

    /// `State`'s default as an object, or why it cannot be one.
    static func object<State: RestorableState>(of type: State.Type) throws(RestoreError) -> JSONObject {
        let key = ObjectIdentifier(type)
        if let known = objectsLock.withLock({ objects.first { $0.type == key } }) { return try Self.value(known.object, known.failure) }
        var made: JSONObject?
        var failure: RestoreError?
        do {
            guard case .object(let object) = try JSONValueEncoder().encode(State.defaultValue) else {
                throw RestoreError.invalidRecord("a \(State.kind) state must encode as a JSON object (a struct with keyed fields)")
            }
            made = object
        } catch {
            failure = .invalidField(field: "", reason: "the default \(State.kind) state cannot be encoded: \(error)")
        }
        objectsLock.withLock {
            if !objects.contains(where: { $0.type == key }) { objects.append(Known(type: key, object: made, failure: failure)) }
        }
        return try Self.value(made, failure)
    }

    private static func value(_ object: JSONObject?, _ failure: RestoreError?) throws(RestoreError) -> JSONObject {
        guard let object else { throw failure ?? .invalidField(field: "", reason: "the default state cannot be encoded") }
        return object
    }
}
