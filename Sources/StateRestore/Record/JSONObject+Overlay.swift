import JSON

extension JSONObject {
    /// This stored object laid over `defaults`, as the engine fills a record's absent fields:
    /// every key of `defaults` this object lacks takes the default (its path, below `path`,
    /// appended to `filled`), nested objects are merged the same way, arrays and other values
    /// are taken whole from this object, and keys the defaults lack are kept after the others.
    package func laid(over defaults: JSONObject, path: String = "", filled: inout [String]) -> JSONObject {
        // A record this build wrote has every default field, in the default's order: laying it
        // over the defaults would rebuild it as it is.
        if startsWithFields(of: defaults) { return self }
        var merged: [Element] = []
        merged.reserveCapacity(Swift.max(count, defaults.count))
        for (key, defaultValue) in defaults {
            switch (self[key], defaultValue) {
            case (nil, _):
                merged.append((key, defaultValue))
                filled.append(path.isEmpty ? key : "\(path).\(key)")
            case (.object(let nested)?, .object(let nestedDefaults)):
                merged.append((key, .object(nested.laid(over: nestedDefaults, path: path.isEmpty ? key : "\(path).\(key)", filled: &filled))))
            case (let value?, _):
                merged.append((key, value))
            }
        }
        for (key, value) in self where defaults[key] == nil { merged.append((key, value)) }
        // Keys from two objects, each taken once: the defaults' keys, then this object's others.
        return JSONObject(uniqueMembers: merged)
    }

    /// Whether this object's first members are those of `defaults`, key for key in the same
    /// order (any others after them), and so at every depth where both hold an object: then
    /// ``laid(over:path:filled:)`` fills nothing and returns this object unchanged.
    private func startsWithFields(of defaults: JSONObject) -> Bool {
        guard count >= defaults.count else { return false }
        for position in defaults.indices {
            let (key, defaultValue) = defaults[position]
            let (storedKey, value) = self[position]
            guard JSONObject.isSameKey(storedKey, key) else { return false }
            if case .object(let nestedDefaults) = defaultValue, case .object(let nested) = value, !nested.startsWithFields(of: nestedDefaults) {
                return false
            }
        }
        return true
    }
}
