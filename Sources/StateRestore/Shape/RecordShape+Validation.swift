import JSON

extension RecordShape {
    /// What in `value` does not fit this shape, one readable line each naming the path
    /// (`viewport.offset is a string ("far"), not a number`); empty when it fits.
    ///
    /// The engine's rules: fields the shape does not name are allowed (they are carried), an
    /// absent field is allowed (it takes its default), `null` is allowed where the shape is
    /// optional, an integer is a number, and an enum's value must be one of its values.
    public func violations(in value: JSONValue) -> [String] {
        var found: [String] = []
        collectViolations(in: value, at: "", into: &found)
        return found
    }

    /// `path` in backquotes, a backquote or backslash in it (a dictionary's key is the
    /// record's) escaped with a backslash: the quotes stay around all of it, so a redacted
    /// export, which replaces what a message quotes, replaces all of it.
    static func backquoted(_ path: String) -> String {
        var escaped = "`"
        for character in path {
            if character == "`" || character == "\\" { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped + "`"
    }

    private func collectViolations(in value: JSONValue, at path: String, into found: inout [String]) {
        let name = path.isEmpty ? "the record" : Self.backquoted(path)
        if value == .null {
            if !isOptional && type != .any { found.append("\(name) is null, but it is required") }
            return
        }
        func mismatch() { found.append("\(name) is \(value.briefDescription), not \(Self.article(type))") }
        switch (type, value) {
        case (.any, _): return
        case (.string, .string), (.integer, .integer), (.number, .integer), (.number, .double), (.boolean, .bool):
            if let allowedValues, !allowedValues.contains(value) {
                found.append("\(name) is \(value.encoded()), not one of \(allowedValues.map { $0.encoded() }.joined(separator: ", "))")
            }
        case (.object, .object(let object)):
            for (key, member) in object {
                guard let field = fields[key] else { continue }
                field.collectViolations(in: member, at: path.isEmpty ? key : "\(path).\(key)", into: &found)
            }
        case (.array, .array(let elements)):
            for (position, element) in elements.enumerated() {
                self.element?.collectViolations(in: element, at: "\(path)[\(position)]", into: &found)
            }
        case (.dictionary, .object(let object)):
            for (key, member) in object {
                element?.collectViolations(in: member, at: path.isEmpty ? key : "\(path).\(key)", into: &found)
            }
        default:
            mismatch()
        }
    }

    /// "a string", "an integer"… as the messages name a type.
    static func article(_ type: JSONType) -> String {
        switch type {
        case .any: "any value"
        case .integer, .object, .array: "an \(type.rawValue)"
        case .dictionary: "an object (a dictionary)"
        default: "a \(type.rawValue)"
        }
    }
}
