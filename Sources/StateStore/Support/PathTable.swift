/// Values by path, as a dictionary answers for them, held in a list: a process holds a few
/// files of each kind open. A `[String: V]` made at a launch had its type made from its mangled
/// name, a runtime lookup of `String: Hashable` that scans every conformance record of the
/// process (0.34 M instructions at an app's cold launch).
///
/// Its entries are of a small struct, not tuples, as is every such list the launch path fills:
/// the type of a list of tuples is made from its mangled name at its first use (17–49 k
/// instructions each at a cold launch), a list of a struct's costs about half.
struct PathTable<Value> {
    private var entries: [Entry] = []

    /// One path and its value.
    private struct Entry {
        let path: String
        var value: Value
    }

    /// `path`'s value; setting nil removes it.
    subscript(path: String) -> Value? {
        get { entries.first { $0.path == path }?.value }
        set {
            let position = entries.firstIndex { $0.path == path }
            switch (position, newValue) {
            case (let position?, let value?): entries[position].value = value
            case (let position?, nil): entries.remove(at: position)
            case (nil, let value?): entries.append(Entry(path: path, value: value))
            case (nil, nil): break
            }
        }
    }

    /// Removes `path`; returns its value.
    @discardableResult
    mutating func removeValue(forKey path: String) -> Value? {
        guard let position = entries.firstIndex(where: { $0.path == path }) else { return nil }
        return entries.remove(at: position).value
    }
}
