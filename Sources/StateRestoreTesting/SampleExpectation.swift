import JSON
import StateRestore

/// What a sample must restore to, from its `<name>.expected.json`:
/// `{"state": {…}, "codes": ["record-upgraded", "defaults-applied"]}`. Either member may be
/// left out to check only the other.
struct SampleExpectation {
    /// The restored state's JSON (as the kind encodes it).
    var state: JSONValue?
    /// The restore report's codes, in order.
    var codes: [String]?

    init(state: JSONValue?, codes: [String]?) {
        self.state = state
        self.codes = codes
    }

    init(json: JSONValue) throws(RestoreError) {
        guard case .object(let object) = json else { throw .invalidFormatFile(path: "", reason: "an expectation must be an object") }
        state = object["state"]
        if let value = object["codes"] {
            guard case .array(let list) = value else { throw .invalidFormatFile(path: "", reason: "\"codes\" must be an array of strings") }
            var codes: [String] = []
            for element in list {
                guard case .string(let code) = element else { throw .invalidFormatFile(path: "", reason: "\"codes\" must be an array of strings") }
                codes.append(code)
            }
            self.codes = codes
        }
    }

    /// The file's text: indented, keys sorted, a final newline.
    var fileText: String {
        var object = JSONObject()
        if let state { object["state"] = state }
        if let codes { object["codes"] = .array(codes.map(JSONValue.string)) }
        return JSONValue.object(object).encoded(pretty: true, sortedKeys: true) + "\n"
    }
}
