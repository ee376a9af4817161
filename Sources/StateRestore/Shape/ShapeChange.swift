import JSON

/// One difference between two shapes of a kind, at a JSON path, and whether records of the old
/// shape may stop decoding under the new one (``isBreaking``).
///
/// ```swift
/// for change in RecordShape.changes(from: locked, to: current) where change.isBreaking {
///     print(change)   // `sort` changed from string to integer
/// }
/// ```
package struct ShapeChange: Equatable, Sendable, CustomStringConvertible {
    /// What changed.
    package enum Kind: Equatable, Sendable {
        /// A field that was not there; breaking only when it is required and old records' values
        /// there do not get the engine's defaults (inside an array, a dictionary, or an object
        /// the default value holds as `null`).
        case added(RecordShape)
        /// A field that is no longer there: removed or renamed (old records' values become
        /// unknown fields).
        case removed(RecordShape)
        /// The JSON type changed; breaking unless the old type reads as the new one (an
        /// integer as a number, anything as `any`).
        case retyped(from: RecordShape.JSONType, to: RecordShape.JSONType)
        /// An optional value became required: old records' `null`s no longer decode.
        case becameRequired
        /// A required value became optional.
        case becameOptional
        /// An enum lost these values: old records holding them no longer decode.
        case valuesRemoved([JSONValue])
        /// An enum gained these values.
        case valuesAdded([JSONValue])
        /// A free value became an enum of these values: old records may hold any other.
        case valuesRestricted([JSONValue])
        /// An enum became a free value.
        case valuesUnrestricted
    }

    /// The JSON path of the value: `sort`, `viewport.offset`, `tags[]` (an array's element),
    /// `counts.*` (a dictionary's value); empty for the record itself.
    package let path: String
    /// What changed.
    package let kind: Kind
    /// Whether records of the old shape may no longer decode, so the format needs a new
    /// `currentVersion` and an upgrade step.
    package let isBreaking: Bool

    /// A change at `path`.
    package init(path: String, kind: Kind, isBreaking: Bool) {
        self.path = path
        self.kind = kind
        self.isBreaking = isBreaking
    }

    /// The change in words, the path in backticks: "`sort` changed from string to integer".
    package var description: String { description(of: path.isEmpty ? "the record" : path) }

    /// The change in words, the path written after `typeName` ("`ReaderState.sort` changed
    /// from string to integer"), as a test failure names the field.
    package func description(qualifiedBy typeName: String) -> String {
        description(of: path.isEmpty ? typeName : "\(typeName).\(path)")
    }

    private func description(of subject: String) -> String {
        let name = "`\(subject)`"
        func list(_ values: [JSONValue]) -> String { values.map { $0.encoded() }.joined(separator: ", ") }
        switch kind {
        case .added(let shape):
            return "\(name) was added (\(shape.summary))"
                + (isBreaking ? ", required where old records' values get no defaults: make it optional" : "")
        case .removed(let shape): return "\(name) (\(shape.summary)) was removed or renamed"
        case .retyped(let from, let to): return "\(name) changed from \(from.rawValue) to \(to.rawValue)"
        case .becameRequired: return "\(name) was optional and is now required"
        case .becameOptional: return "\(name) was required and is now optional"
        case .valuesRemoved(let values): return "\(name) no longer allows \(list(values))"
        case .valuesAdded(let values): return "\(name) now also allows \(list(values))"
        case .valuesRestricted(let values): return "\(name) was any \(values.first?.kindName ?? "value") and is now one of \(list(values))"
        case .valuesUnrestricted: return "\(name) is no longer limited to a list of values"
        }
    }
}
