import JSON

extension RecordShape {
    /// The shape of `type`'s records: its ``RestorableState/recordShape`` when it gives one,
    /// else derived from the type (``derived(from:)``), checked against the encoding of its
    /// ``RestorableState/defaultValue`` either way.
    ///
    /// Nothing on the launch path calls this: it probes the type, which costs a decode.
    ///
    /// - Throws: ``RestoreError/notDerivable(kind:reasons:)`` naming each field the probe could not
    ///   follow, or where the default's encoding does not fit the shape.
    public init<State: RestorableState>(of type: State.Type) throws(RestoreError) {
        guard let explicit = State.recordShape else {
            self = try Self.derived(from: State.self)
            return
        }
        let defaults = try Self.encodedDefault(of: State.self)
        let misfits = explicit.violations(in: .object(defaults)).map { "the default value does not fit the given recordShape: \($0)" }
        guard misfits.isEmpty else { throw .notDerivable(kind: State.kind, reasons: misfits) }
        self = explicit
    }

    /// The shape of `type`'s records as its `init(from:)` reads them, ignoring any
    /// ``RestorableState/recordShape``.
    ///
    /// A probing decoder decodes the type, recording each field it asks for, with the JSON type
    /// it reads it as (`decode` is required, `decodeIfPresent` optional, an `Optional` nested
    /// anywhere is optional), its nested containers, an array's element and a dictionary's
    /// value; a `CaseIterable` enum with `String` or `Int` raw values lists its raw values. The
    /// probe answers with the encoded ``RestorableState/defaultValue`` where it holds a value,
    /// so a validating `init(from:)` sees real values; where it holds none (a nil optional, an
    /// empty array) the probe stands in with `""`, `0`, `false` or an enum's first case, and a
    /// leaf type that refuses the stand-in (a `UUID`, an enum that is not `CaseIterable`) keeps
    /// its JSON type without values. Fields the default's encoding writes but the decoder never
    /// reads are added, optional, with the type the encoding shows.
    ///
    /// What it cannot follow throws: a type that reads the record as a whole (a `JSONValue`,
    /// or all its keys), an `init(from:)` that throws on the stand-ins for an object, a default
    /// whose encoding does not fit what the decoder reads. A type inside itself is `any` below
    /// the depth its default reaches.
    ///
    /// - Throws: ``RestoreError/notDerivable(kind:reasons:)``, each reason naming the field.
    public static func derived<State: RestorableState>(from type: State.Type) throws(RestoreError) -> RecordShape {
        let defaults = try encodedDefault(of: State.self)
        let root = ShapeProbeNode()
        let context = ShapeProbeContext()
        let probe = ShapeProbe(node: root, sample: .object(defaults), path: "", codingPath: [], context: context)
        var reasons: [String] = []
        do {
            _ = try probe.value(State.self)
        } catch {
            reasons.append("\(State.self)'s init(from:) could not be followed (\(error))")
        }
        reasons += context.gaps
        var shape = root.shape
        guard shape.type == .object, !root.listsAllKeys else {
            reasons.append(
                "\(State.self)'s init(from:) reads the record as a whole (\(shape.type == .dictionary || root.listsAllKeys ? "all its keys" : "as \(shape.type.rawValue)")), not field by field")
            throw .notDerivable(kind: State.kind, reasons: reasons)
        }
        shape.isOptional = false
        for (name, value) in defaults where !RecordHeader.fields.contains(name) && shape.fields[name] == nil {
            shape.fields[name] = RecordShape(inferredFrom: value).optional
        }
        reasons += shape.violations(in: .object(defaults)).map { "the default value's encoding does not fit what init(from:) reads: \($0)" }
        guard reasons.isEmpty else { throw .notDerivable(kind: State.kind, reasons: reasons) }
        return shape
    }

    /// The shape a JSON value shows by itself: its type, an object's fields, an array's first
    /// element (`any` when empty); `null` is an optional `any`.
    public init(inferredFrom value: JSONValue) {
        switch value {
        case .null: self = RecordShape.any.optional
        case .bool: self = .boolean
        case .integer: self = .integer
        case .double: self = .number
        case .string: self = .string
        case .array(let elements): self = .array(of: elements.first.map(RecordShape.init(inferredFrom:)) ?? .any)
        case .object(let object):
            var fields: [String: RecordShape] = [:]
            for (name, member) in object { fields[name] = RecordShape(inferredFrom: member) }
            self = .object(fields)
        }
    }

    /// The encoded ``RestorableState/defaultValue``, as the record codec lays records over it.
    static func encodedDefault<State: RestorableState>(of type: State.Type) throws(RestoreError) -> JSONObject {
        do {
            guard case .object(let object) = try JSONValueEncoder().encode(State.defaultValue) else {
                throw RestoreError.notDerivable(kind: State.kind, reasons: ["\(State.self)'s default value does not encode as a JSON object"])
            }
            return object
        } catch let error as RestoreError {
            throw error
        } catch {
            throw .notDerivable(kind: State.kind, reasons: ["\(State.self)'s default value cannot be encoded (\(error))"])
        }
    }
}
