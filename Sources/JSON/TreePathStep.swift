/// The last step of a value's coding path, kept apart from its parent's path so reading a
/// scalar field allocates no path at all.
enum TreePathStep {
    case none
    case key(any CodingKey)
    case index(Int)

    func appended(to parent: [any CodingKey]) -> [any CodingKey] {
        switch self {
        case .none: parent
        case .key(let key): parent + [key]
        case .index(let index): parent + [IndexOrNameKey(index)]
        }
    }
}
