import JSON
import StateStore

/// How a redacted export rewrites what the store cannot copy as it is: record payloads,
/// quarantined payloads, shelf snapshots and messages (see ``Placeholders`` and
/// `TextRedaction`).
///
/// In a payload that parses as JSON every string value becomes a placeholder of as many
/// Characters (equal strings, equal placeholders, for the whole export); object keys, numbers,
/// booleans, `null`, the structure and every byte outside the strings (so `version`,
/// `minReaderVersion` and numbers such as `1e999` exactly as written) are kept, and so is a
/// string that the kind's recorded shape limits to a list of values (an enum's raw value), where
/// the shape of the record's format says so. A payload that does not parse has every run of
/// letters and digits replaced; a message keeps only the engine's own words and the kinds'
/// field names.
///
/// It lives in StateRestore, not in the store, because it reads the kinds' shapes; it is what
/// `restorectl export --redact` uses, and an app could use it to redact a record it attaches to
/// a report.
///
/// ```swift
/// let redaction = RecordRedaction(kinds: RecordKind.builtIn)
/// let redacted = redaction.redacted(Array(payload.utf8), as: .record(kind: "notes"))
/// ```
package final class RecordRedaction: ExportRedacting {
    private var placeholders = Placeholders()
    private let shapes: [String: [Int: RecordShape]]
    private let text: TextRedaction

    /// A redaction that keeps the values the shapes of `kinds` list.
    package init(kinds: [RecordKind]) {
        var shapes: [String: [Int: RecordShape]] = [:]
        var words = TextRedaction.engineVocabulary
        for kind in kinds {
            let versions = kind.recordShapes
            shapes[kind.name] = versions
            for shape in versions.values { Self.collectFieldNames(of: shape, into: &words) }
        }
        self.shapes = shapes
        text = TextRedaction(keptWords: words)
    }

    /// How many distinct strings were replaced so far.
    package var replacedStringCount: Int { placeholders.count }

    /// `bytes` redacted as `content` says.
    package func redacted(_ bytes: [UInt8], as content: ExportedContent) -> [UInt8] {
        switch content {
        case .record(let kind), .quarantined(let kind):
            redactedJSON(bytes, kind: kind) ?? text.redacted(bytes, keepingWords: false, placeholders: &placeholders)
        case .shelfSnapshot:
            redactedJSON(bytes, kind: nil) ?? text.redacted(bytes, keepingWords: false, placeholders: &placeholders)
        case .message:
            text.redacted(bytes, keepingWords: true, placeholders: &placeholders)
        }
    }

    /// `bytes` with each string value replaced (shape-listed values of `kind` kept), every other
    /// byte as it was; nil when `bytes` is not JSON.
    private func redactedJSON(_ bytes: [UInt8], kind: String?) -> [UInt8]? {
        guard let value = try? JSONValue.parse(bytes) else { return nil }
        var replacements: [String?] = []
        collectReplacements(in: value, shape: kind.flatMap { shape(of: value, kind: $0) }, into: &replacements)
        return Self.rewritingStrings(of: bytes, with: replacements)
    }

    /// The shape of the record's format (its `version`, 1 without one) when the kind recorded
    /// it, else the kind's newest.
    private func shape(of record: JSONValue, kind: String) -> RecordShape? {
        guard let versions = shapes[kind], !versions.isEmpty else { return nil }
        let version = if case .integer(let number)? = record["version"] { Int(clamping: number) } else { 1 }
        return versions[version] ?? versions[versions.keys.max() ?? 0]
    }

    /// One entry per string token of `value`, in document order: nil for a key or a kept value,
    /// the placeholder otherwise.
    private func collectReplacements(in value: JSONValue, shape: RecordShape?, into replacements: inout [String?]) {
        switch value {
        case .string(let string):
            if let allowed = shape?.allowedValues, allowed.contains(.string(string)) {
                replacements.append(nil)
            } else {
                replacements.append(placeholders.placeholder(for: string))
            }
        case .array(let elements):
            for element in elements { collectReplacements(in: element, shape: shape?.element, into: &replacements) }
        case .object(let object):
            for (key, member) in object {
                replacements.append(nil)
                let memberShape = shape?.type == .dictionary ? shape?.element : shape?.fields[key]
                collectReplacements(in: member, shape: memberShape, into: &replacements)
            }
        case .null, .bool, .integer, .double:
            break
        }
    }

    /// `json` (valid JSON) with its `n`th string token replaced by `replacements[n]` when that
    /// is not nil; nil when the tokens and the replacements do not line up.
    private static func rewritingStrings(of json: [UInt8], with replacements: [String?]) -> [UInt8]? {
        let quote = UInt8(ascii: "\"")
        let backslash = UInt8(ascii: "\\")
        var output: [UInt8] = []
        output.reserveCapacity(json.count)
        var index = 0
        var token = 0
        while index < json.count {
            guard json[index] == quote else {
                output.append(json[index])
                index += 1
                continue
            }
            var end = index + 1
            while end < json.count, json[end] != quote { end += json[end] == backslash ? 2 : 1 }
            guard end < json.count, token < replacements.count else { return nil }
            if let replacement = replacements[token] {
                output.append(quote)
                output += replacement.utf8
                output.append(quote)
            } else {
                output += json[index...end]
            }
            token += 1
            index = end + 1
        }
        return token == replacements.count ? output : nil
    }

    private static func collectFieldNames(of shape: RecordShape, into names: inout Set<String>) {
        for (name, field) in shape.fields {
            names.formUnion(name.split { !$0.isLetter && !$0.isNumber }.map(String.init))
            collectFieldNames(of: field, into: &names)
        }
        if let element = shape.element { collectFieldNames(of: element, into: &names) }
    }
}
