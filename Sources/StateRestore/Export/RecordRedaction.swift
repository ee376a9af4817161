import JSON
import StateStore

/// How a redacted export rewrites what the store cannot copy as it is: record payloads,
/// quarantined payloads, shelf snapshots and messages (see ``Placeholders`` and
/// `TextRedaction`).
///
/// In a payload that parses as JSON keys are data too. A key is kept only where a recorded
/// shape of the record's kind names it at that position, in any of the kind's formats (so an
/// older record's renamed field keeps its name), and `version` and `minReaderVersion` are
/// kept; every other key (a dictionary's, one under a field no shape names, every key of a
/// kind with no recorded shape) becomes a placeholder. A key of digits (an `[Int: V]`'s) is
/// kept as written, as numbers are. Every string value becomes a placeholder too, but one that a
/// shape at that position limits to a list of values (an enum's raw value). Keys and values
/// share one map for the whole export (equal strings, equal placeholders: a `selectedID:
/// "ep-7"` still names the entry keyed `"ep-7"`), and a placeholder is never a kept field name
/// (so never a duplicate key). Numbers, booleans, `null`, the structure and every byte outside
/// the strings (`1e999` exactly as written) are kept. A payload that does not parse has every
/// run of letters and digits replaced; a message keeps the engine's own words and numbers and
/// replaces what it quotes, but the kinds' field names.
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
    private var placeholders: Placeholders
    private let shapes: [String: [RecordShape]]
    private let snapshotShapes: [RecordShape]
    private let text: TextRedaction
    private var unshapedKinds: Set<String> = []

    /// A redaction that keeps the field names and listed values of the shapes of `kinds`
    /// (every format's) and of `snapshotShapes` (the formats of a kind stored as snapshots,
    /// the shelf's; without them every key of a snapshot is replaced).
    package init(kinds: [RecordKind], snapshotShapes: [RecordShape] = []) {
        var shapes: [String: [RecordShape]] = [:]
        var names: Set<String> = ["version", "minReaderVersion"]
        var values: Set<String> = []
        for kind in kinds {
            let versions = kind.recordShapes.sorted { $0.key < $1.key }.map(\.value)
            shapes[kind.name] = versions
            for shape in versions { Self.collectKept(of: shape, names: &names, values: &values) }
        }
        for shape in snapshotShapes { Self.collectKept(of: shape, names: &names, values: &values) }
        self.shapes = shapes
        self.snapshotShapes = snapshotShapes
        let words = Set(names.flatMap { $0.split { !$0.isLetter && !$0.isNumber }.map(String.init) })
        text = TextRedaction(keptWords: TextRedaction.engineVocabulary.union(words), keptQuotedWords: words.union(names))
        placeholders = Placeholders(avoiding: names.union(values))
    }

    /// How many distinct strings (keys, values, words) were replaced so far.
    package var replacedStringCount: Int { placeholders.count }

    /// The kinds of the records redacted so far that have no recorded shape, by name: every
    /// key of theirs was replaced (an export tells the person how to keep them).
    package var kindsWithoutShapes: [String] { unshapedKinds.sorted() }

    /// `bytes` redacted as `content` says.
    package func redacted(_ bytes: [UInt8], as content: ExportedContent) -> [UInt8] {
        switch content {
        case .record(let kind), .quarantined(let kind):
            let kindShapes = shapes[kind] ?? []
            if kindShapes.isEmpty { unshapedKinds.insert(kind) }
            return redactedJSON(bytes, shapes: kindShapes) ?? text.redactedPayload(bytes, placeholders: &placeholders)
        case .snapshot:
            return redactedJSON(bytes, shapes: snapshotShapes) ?? text.redactedPayload(bytes, placeholders: &placeholders)
        case .message:
            return text.redactedMessage(bytes, placeholders: &placeholders)
        }
    }

    /// `bytes` with each string token (key or value) the shapes do not keep replaced, every
    /// other byte as it was; nil when `bytes` is not JSON.
    private func redactedJSON(_ bytes: [UInt8], shapes: [RecordShape]) -> [UInt8]? {
        guard let value = try? JSONValue.parse(bytes) else { return nil }
        var replacements: [String?] = []
        collectReplacements(in: value, shapes: shapes, into: &replacements)
        return Self.rewritingStrings(of: bytes, with: replacements)
    }

    /// One entry per string token of `value`, in document order: nil for a kept key or value,
    /// the placeholder otherwise. `shapes` are the shapes of every format at this position.
    private func collectReplacements(in value: JSONValue, shapes: [RecordShape], into replacements: inout [String?]) {
        switch value {
        case .string(let string):
            let isListed = shapes.contains { $0.allowedValues?.contains(.string(string)) == true }
            replacements.append(isListed ? nil : placeholders.placeholder(for: string))
        case .array(let elements):
            let elementShapes = shapes.compactMap { $0.type == .array ? $0.element : nil }
            for element in elements { collectReplacements(in: element, shapes: elementShapes, into: &replacements) }
        case .object(let object):
            for (key, member) in object {
                var memberShapes: [RecordShape] = []
                var isNamed = false
                for shape in shapes {
                    if shape.type == .object, let field = shape.fields[key] {
                        isNamed = true
                        memberShapes.append(field)
                    } else if shape.type == .dictionary, let element = shape.element {
                        memberShapes.append(element)
                    }
                }
                let isKept = isNamed || key == "version" || key == "minReaderVersion" || Self.isInteger(key)
                replacements.append(isKept ? nil : placeholders.placeholder(for: key))
                collectReplacements(in: member, shapes: memberShapes, into: &replacements)
            }
        case .null, .bool, .integer, .double:
            break
        }
    }

    /// Whether `key` is an integer as a `[Int: V]` writes one (`7`, `-12`).
    private static func isInteger(_ key: String) -> Bool {
        let digits = key.utf8.first == UInt8(ascii: "-") ? key.utf8.dropFirst() : key.utf8[...]
        return !digits.isEmpty && digits.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
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

    /// The field names (every depth) and listed string values of `shape`.
    private static func collectKept(of shape: RecordShape, names: inout Set<String>, values: inout Set<String>) {
        for (name, field) in shape.fields {
            names.insert(name)
            collectKept(of: field, names: &names, values: &values)
        }
        for case .string(let value) in shape.allowedValues ?? [] { values.insert(value) }
        if let element = shape.element { collectKept(of: element, names: &names, values: &values) }
    }
}
