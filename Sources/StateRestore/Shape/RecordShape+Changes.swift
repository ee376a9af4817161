import JSON

extension RecordShape {
    /// What changed from `old` to `new`, by the engine's compatibility rule: records written
    /// with `old` must still decode with `new` unless the format's version is bumped.
    ///
    /// Breaking (`ShapeChange.isBreaking`): a field removed or renamed, retyped (but an integer
    /// becoming a number, or anything becoming `any`), an optional becoming required, an enum
    /// losing values or a free value becoming an enum, and a required field added where old
    /// records get no defaults. Allowed: fields added where defaults fill them (any optional
    /// field; a required one in the record or in an object the default value holds), a
    /// required value becoming optional, an enum gaining values.
    ///
    /// - Parameters:
    ///   - old: the shape records were written with (a format folder's lock).
    ///   - new: the shape the type reads now.
    ///   - defaults: the encoded default value (`KindFormat.defaultRecord`), which says where
    ///     the engine fills absent fields. Without it, a required field added inside an
    ///     optional object counts as breaking.
    /// - Returns: the changes in path order (fields by name).
    package static func changes(from old: RecordShape, to new: RecordShape, defaults: JSONObject? = nil) -> [ShapeChange] {
        var changes: [ShapeChange] = []
        compare(old, new, at: "", filling: defaults.map(Filling.byDefault) ?? .assumed, into: &changes)
        return changes
    }

    /// Whether the engine gives absent fields of an object their defaults.
    private enum Filling {
        /// The default value holds this object: absent fields take its values.
        case byDefault(JSONObject)
        /// No default is known: a required object reached through required objects is assumed filled.
        case assumed
        /// Not filled: an array's element, a dictionary's value, an object the default holds as null.
        case none

        func field(_ name: String, of shape: RecordShape) -> Filling {
            switch self {
            case .byDefault(let object):
                if case .object(let nested)? = object[name] { return .byDefault(nested) }
                return .none
            case .assumed: return shape.isOptional ? .none : .assumed
            case .none: return .none
            }
        }

        var fillsAbsentFields: Bool {
            if case .none = self { return false }
            return true
        }
    }

    private static func compare(_ old: RecordShape, _ new: RecordShape, at path: String, filling: Filling, into changes: inout [ShapeChange]) {
        func note(_ kind: ShapeChange.Kind, breaking: Bool) { changes.append(ShapeChange(path: path, kind: kind, isBreaking: breaking)) }
        if old.type != new.type {
            note(.retyped(from: old.type, to: new.type), breaking: !old.type.isReadable(as: new.type))
            return
        }
        if old.isOptional != new.isOptional { note(old.isOptional ? .becameRequired : .becameOptional, breaking: old.isOptional) }
        switch (old.allowedValues, new.allowedValues) {
        case (nil, let values?): note(.valuesRestricted(values), breaking: true)
        case (_?, nil): note(.valuesUnrestricted, breaking: false)
        case (let before?, let after?):
            let removed = before.filter { !after.contains($0) }
            let added = after.filter { !before.contains($0) }
            if !removed.isEmpty { note(.valuesRemoved(removed), breaking: true) }
            if !added.isEmpty { note(.valuesAdded(added), breaking: false) }
        case (nil, nil): break
        }
        switch new.type {
        case .object:
            for name in Set(old.fields.keys).union(new.fields.keys).sorted(by: codeUnitOrder) {
                let fieldPath = path.isEmpty ? name : "\(path).\(name)"
                switch (old.fields[name], new.fields[name]) {
                case (let before?, let after?):
                    compare(before, after, at: fieldPath, filling: filling.field(name, of: after), into: &changes)
                case (let before?, nil):
                    changes.append(ShapeChange(path: fieldPath, kind: .removed(before), isBreaking: true))
                case (nil, let after?):
                    changes.append(ShapeChange(path: fieldPath, kind: .added(after), isBreaking: !after.isOptional && !filling.fillsAbsentFields))
                case (nil, nil): break
                }
            }
        case .array, .dictionary:
            if let before = old.element, let after = new.element {
                compare(before, after, at: new.type == .array ? "\(path)[]" : (path.isEmpty ? "*" : "\(path).*"), filling: .none, into: &changes)
            }
        default: break
        }
    }

    /// The shape in a few words, as a change describes a field: "optional integer", "string,
    /// one of 3 values", "array of string".
    public var summary: String {
        var words = isOptional ? "optional " : ""
        switch type {
        case .array: words += "array of \(element?.summary ?? "any")"
        case .dictionary: words += "dictionary of \(element?.summary ?? "any")"
        case .object: words += "object of \(fields.count) field\(fields.count == 1 ? "" : "s")"
        default: words += type.rawValue
        }
        if let allowedValues { words += ", one of \(allowedValues.count) value\(allowedValues.count == 1 ? "" : "s")" }
        return words
    }
}
