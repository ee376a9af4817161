import JSON

extension JSONObject {
    /// This stored object laid over `defaults`, as the engine fills a record's absent fields:
    /// every key of `defaults` this object lacks takes the default (its path, below `path`,
    /// appended to `filled`), nested objects are merged the same way, arrays and other values
    /// are taken whole from this object, and keys the defaults lack are kept after the others.
    package func laid(over defaults: JSONObject, path: String = "", filled: inout [String]) -> JSONObject {
        var merged = JSONObject()
        for (key, defaultValue) in defaults {
            let fieldPath = path.isEmpty ? key : "\(path).\(key)"
            switch (self[key], defaultValue) {
            case (nil, _):
                merged[key] = defaultValue
                filled.append(fieldPath)
            case (.object(let nested)?, .object(let nestedDefaults)):
                merged[key] = .object(nested.laid(over: nestedDefaults, path: fieldPath, filled: &filled))
            case (let value?, _):
                merged[key] = value
            }
        }
        for (key, value) in self where defaults[key] == nil { merged[key] = value }
        return merged
    }
}
