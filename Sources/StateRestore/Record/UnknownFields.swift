import JSON

/// The fields of a record this build does not know, at every object depth, and how a save
/// lays them back (the protobuf rule), so a record a newer release wrote keeps what it added.
///
/// What is known comes from the kind's shape (``RecordShape/init(of:)``), never from what the
/// encoder happened to write: a field of the shape that a state leaves out (an optional the
/// person cleared) is not an unknown one, and is not brought back. Arrays and dictionaries are
/// taken whole (an element has no identity to carry fields by), as are fields of any JSON.
///
/// The unknown fields are kept as one object: an unknown field as it was, and a known object
/// field as the object of its own unknown fields (only where it has some).
enum UnknownFields {
    /// The unknown fields of `object`, a record body read as `shape`.
    static func collect(_ object: JSONObject, shape: RecordShape) -> JSONObject {
        var unknown = JSONObject()
        for (key, value) in object {
            guard let field = shape.fields[key] else {
                unknown[key] = value
                continue
            }
            if field.type == .object, case .object(let nested) = value {
                let inner = collect(nested, shape: field)
                if !inner.isEmpty { unknown[key] = .object(inner) }
            }
        }
        return unknown
    }

    /// Whether every field of `object`, at every object depth, is one `defaults` (the encoded
    /// default state) has at the same place, an object where the record holds one: then no
    /// field of the record is unknown, and the kind's shape need not be known.
    ///
    /// The shape knows every field the default's encoding writes (a derived shape adds the ones
    /// its decoder does not read), and ``collect(_:shape:)`` follows only the fields the shape
    /// holds as objects, so a record covered here has no unknown field under any shape. A record
    /// with a field the default leaves out (an optional set, a field of a newer format) is not
    /// covered, and its unknown fields are collected by the shape.
    static func isCovered(_ object: JSONObject, by defaults: JSONObject) -> Bool {
        for (key, value) in object {
            guard let known = defaults[key] else { return false }
            if case .object(let nested) = value {
                guard case .object(let knownNested) = known, isCovered(nested, by: knownNested) else { return false }
            }
        }
        return true
    }

    /// Writes `unknown` (as ``collect(_:shape:)`` made it) back into `object`, a state's
    /// encoding: an unknown field where the state has no field of that name, a known object's
    /// unknown fields inside that object only when the state still holds it.
    static func layBack(_ unknown: JSONObject, into object: inout JSONObject, shape: RecordShape) {
        for (key, value) in unknown {
            guard let field = shape.fields[key] else {
                if object[key] == nil { object[key] = value }
                continue
            }
            guard field.type == .object, case .object(let inner) = value, case .object(var nested)? = object[key] else { continue }
            layBack(inner, into: &nested, shape: field)
            object[key] = .object(nested)
        }
    }
}
