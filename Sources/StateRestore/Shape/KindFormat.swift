import Foundation
import JSON

/// One version of a kind's record format as a format folder keeps it (`shape-v<N>.json`): the
/// kind, the version, its `minReaderVersion`, the shape and the encoded default value.
///
/// It is what a test locks (a later change to the type within the same version is compared
/// with it) and what a tool needs to read an app's records without the app's code.
///
/// ```json
/// {
///   "default": {"bookID": null, "fontSize": 1.0, "page": 1},
///   "kind": "reader",
///   "minReaderVersion": 2,
///   "shape": {"fields": {"bookID": {"optional": true, "type": "integer"}, …}, "type": "object"},
///   "version": 2
/// }
/// ```
package struct KindFormat: Equatable, Sendable {
    package var kind: String
    package var version: Int
    /// The oldest reader that may read records of this version.
    package var minReaderVersion: Int
    /// The records' shape (an object).
    package var shape: RecordShape
    /// The encoded default value: what absent fields take.
    package var defaultRecord: JSONObject
}

extension KindFormat {
    /// The format `type` writes now: its ``RestorableState/currentVersion``, its shape
    /// (``RecordShape/init(of:)``) and its encoded default.
    ///
    /// - Throws: ``RestoreError/notDerivable(kind:reasons:)`` when the shape cannot be had.
    package init<State: RestorableState>(current type: State.Type) throws(RestoreError) {
        self.init(
            kind: State.kind, version: State.currentVersion, minReaderVersion: State.minReaderVersion, shape: try RecordShape(of: State.self),
            defaultRecord: try RecordShape.encodedDefault(of: State.self))
    }

    /// The file name of version `version`'s format in a format folder: `shape-v<N>.json`.
    package static func fileName(version: Int) -> String { "shape-v\(version).json" }

    /// The format as JSON: `kind`, `version`, `minReaderVersion`, `shape`, `default`.
    package var jsonValue: JSONValue {
        [
            "kind": .string(kind), "version": .integer(Int64(version)), "minReaderVersion": .integer(Int64(minReaderVersion)),
            "shape": shape.jsonValue, "default": .object(defaultRecord),
        ]
    }

    /// The file's text: the ``jsonValue`` indented, keys sorted, with a final newline, so a
    /// recorded file changes only where the format does.
    package var fileText: String { jsonValue.encoded(pretty: true, sortedKeys: true) + "\n" }

    /// The format a file's JSON describes.
    ///
    /// - Throws: ``RestoreError/invalidFormatFile(path:reason:)`` (with an empty path).
    package init(json: JSONValue) throws(RestoreError) {
        func invalid(_ reason: String) -> RestoreError { .invalidFormatFile(path: "", reason: reason) }
        guard case .object(let object) = json else { throw invalid("a format must be an object, got \(json.briefDescription)") }
        guard case .string(let kind)? = object["kind"] else { throw invalid("\"kind\" must be a string") }
        guard case .integer(let version)? = object["version"], version >= 1, let version = Int(exactly: version) else {
            throw invalid("\"version\" must be an integer of at least 1")
        }
        var minReaderVersion = version
        if let value = object["minReaderVersion"] {
            guard case .integer(let minimum) = value, (1...Int64(version)).contains(minimum) else {
                throw invalid("\"minReaderVersion\" must be an integer from 1 to the version")
            }
            minReaderVersion = Int(minimum)
        }
        guard let shapeValue = object["shape"] else { throw invalid("\"shape\" is missing") }
        let shape: RecordShape
        do {
            shape = try RecordShape(json: shapeValue)
        } catch {
            guard case .invalidFormatFile(_, let reason) = error else { throw error }
            throw invalid("\"shape\": \(reason)")
        }
        var defaults = JSONObject()
        if let value = object["default"] {
            guard case .object(let given) = value else { throw invalid("\"default\" must be an object") }
            defaults = given
        }
        self.init(kind: kind, version: version, minReaderVersion: minReaderVersion, shape: shape, defaultRecord: defaults)
    }
}
