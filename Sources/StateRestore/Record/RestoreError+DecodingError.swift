extension RestoreError {
    /// A Codable failure as a one-line error naming the field by its path.
    package init(_ error: any Error) {
        if let error = error as? RestoreError {
            self = error
            return
        }
        guard let error = error as? DecodingError else {
            self = .invalidField(field: "", reason: "\(error)")
            return
        }
        switch error {
        case .keyNotFound(let key, let context):
            self = .missingField(Self.path(context.codingPath + [key]))
        case .dataCorrupted(let context) where context.underlyingError is RestoreError:
            // A kind's own `init(from:)` may name the problem itself.
            self = (context.underlyingError as? RestoreError) ?? .invalidField(field: "", reason: "\(error)")
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            self = .invalidField(field: Self.path(context.codingPath), reason: context.debugDescription)
        @unknown default:
            self = .invalidField(field: "", reason: "\(error)")
        }
    }

    /// `items[2].title` from a coding path.
    static func path(_ codingPath: [any CodingKey]) -> String {
        var path = ""
        for key in codingPath {
            if key.intValue != nil, key.stringValue.hasPrefix("[") {
                path += key.stringValue
            } else if let index = key.intValue, key.stringValue == "\(index)" || key.stringValue.hasPrefix("Index ") {
                path += "[\(index)]"
            } else {
                path += path.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return path
    }
}
