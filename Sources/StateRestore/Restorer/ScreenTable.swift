/// Screens with a value each (``ScreenSet`` when there is none): a list while they are few, a
/// dictionary once they are many.
///
/// A `Set<ScreenKey>` or a `[ScreenKey: V]`, like any set or dictionary, costs the first restore
/// of a process a runtime lookup of its key's `Hashable` conformance (the storage type is made
/// from its mangled name at the first insert, and the lookup scans every conformance record of
/// the process: 0.35 M instructions for `ScreenKey`); a list does not. A restorer holds a few
/// screens, and an iPad app's many windows (past ``indexThreshold``) get the dictionary, so an
/// operation stays one lookup however many there are. The dictionary is held by a class, so the
/// list's type needs no dictionary type made at a launch (as ``ScenesInUse`` does).
struct ScreenTable<Value: Sendable>: Sendable {
    /// The screens while there are at most ``indexThreshold``, and their values at the same
    /// positions: two lists rather than one of tuples, whose type the first restore made from
    /// its mangled name (44 k instructions).
    private var keys: [ScreenKey] = []
    private var values: [Value] = []
    /// Every screen and its value once there were more (the lists are empty then).
    private var hashed: Hashed?

    /// Screens above which the dictionary replaces the lists.
    static var indexThreshold: Int { 16 }

    /// The dictionary of a table of many screens. Copied before a change when another table
    /// shares it, so a table stays a value.
    private final class Hashed: @unchecked Sendable {
        var table: [ScreenKey: Value]

        init(_ table: [ScreenKey: Value]) { self.table = table }
    }

    init() {}

    var count: Int { hashed?.table.count ?? keys.count }

    var isEmpty: Bool { count == 0 }

    /// `screen`'s value; setting nil removes the screen.
    subscript(screen: ScreenKey) -> Value? {
        get {
            if let hashed { return hashed.table[screen] }
            return keys.firstIndex(of: screen).map { values[$0] }
        }
        set {
            if let newValue { update(newValue, for: screen) } else { removeValue(for: screen) }
        }
    }

    /// Sets `screen`'s value; returns the one it replaced.
    @discardableResult
    mutating func update(_ value: Value, for screen: ScreenKey) -> Value? {
        if hashed != nil {
            return uniqueHashed().table.updateValue(value, forKey: screen)
        }
        if let position = keys.firstIndex(of: screen) {
            defer { values[position] = value }
            return values[position]
        }
        insertNew(value, for: screen)
        return nil
    }

    /// Adds `screen`, which the lists do not hold, with `value`: to the lists, or to the
    /// dictionary they become past ``indexThreshold``.
    private mutating func insertNew(_ value: Value, for screen: ScreenKey) {
        if keys.count >= Self.indexThreshold {
            var table = [ScreenKey: Value](minimumCapacity: keys.count * 2)
            for (key, value) in zip(keys, values) { table[key] = value }
            table[screen] = value
            hashed = Hashed(table)
            keys = []
            values = []
        } else {
            keys.append(screen)
            values.append(value)
        }
    }

    /// Changes `screen`'s value in place (nil: none; set to nil, removed), looking it up once
    /// where a read and then a write looked it up twice.
    mutating func modify<Result>(_ screen: ScreenKey, _ body: (inout Value?) -> Result) -> Result {
        if hashed != nil { return body(&uniqueHashed().table[screen]) }
        guard let position = keys.firstIndex(of: screen) else {
            var value: Value?
            defer { if let value { insertNew(value, for: screen) } }
            return body(&value)
        }
        var value: Value? = values[position]
        defer {
            if let value {
                values[position] = value
            } else {
                keys.remove(at: position)
                values.remove(at: position)
            }
        }
        return body(&value)
    }

    /// Removes `screen`; returns its value.
    @discardableResult
    mutating func removeValue(for screen: ScreenKey) -> Value? {
        if hashed != nil { return uniqueHashed().table.removeValue(forKey: screen) }
        guard let position = keys.firstIndex(of: screen) else { return nil }
        keys.remove(at: position)
        return values.remove(at: position)
    }

    mutating func removeAll() {
        keys = []
        values = []
        hashed = nil
    }

    /// Keeps the screens `isKept` names.
    mutating func keep(where isKept: (ScreenKey) -> Bool) {
        let kept = elements.filter { isKept($0.key) }
        removeAll()
        for (screen, value) in kept { update(value, for: screen) }
    }

    /// Each screen and its value, in no particular order.
    var elements: [(key: ScreenKey, value: Value)] {
        if let hashed { return hashed.table.map { ($0.key, $0.value) } }
        return zip(keys, values).map { ($0, $1) }
    }

    /// The dictionary, copied first when another table shares it.
    private mutating func uniqueHashed() -> Hashed {
        if !isKnownUniquelyReferenced(&hashed!) { hashed = Hashed(hashed!.table) }
        return hashed!
    }
}

/// Screens without a value: a list while they are few, a set once they are many, as
/// ``ScreenTable`` keeps its screens (and for the same reason: no `Set<ScreenKey>` made at a
/// launch).
struct ScreenSet: Sendable, Sequence {
    /// The screens while there are at most ``ScreenTable/indexThreshold``.
    private var keys: [ScreenKey] = []
    /// Every screen once there were more (`keys` is empty then).
    private var hashed: Hashed?

    /// The set of many screens; copied before a change when another set shares it.
    private final class Hashed: @unchecked Sendable {
        var keys: Set<ScreenKey>

        init(_ keys: Set<ScreenKey>) { self.keys = keys }
    }

    init() {}

    var count: Int { hashed?.keys.count ?? keys.count }

    var isEmpty: Bool { count == 0 }

    /// Whether `screen` is in the set.
    func contains(_ screen: ScreenKey) -> Bool {
        if let hashed { return hashed.keys.contains(screen) }
        return keys.contains(screen)
    }

    /// Adds `screen`; whether it was not there before.
    @discardableResult
    mutating func insert(_ screen: ScreenKey) -> Bool {
        if hashed != nil { return uniqueHashed().keys.insert(screen).inserted }
        if keys.contains(screen) { return false }
        if keys.count >= ScreenTable<Bool>.indexThreshold {
            hashed = Hashed(Set(keys + [screen]))
            keys = []
        } else {
            keys.append(screen)
        }
        return true
    }

    /// Removes `screen`; whether it was there.
    @discardableResult
    mutating func remove(_ screen: ScreenKey) -> Bool {
        if hashed != nil { return uniqueHashed().keys.remove(screen) != nil }
        guard let position = keys.firstIndex(of: screen) else { return false }
        keys.remove(at: position)
        return true
    }

    mutating func removeAll() {
        keys = []
        hashed = nil
    }

    /// The screens `isKept` names.
    func filter(_ isKept: (ScreenKey) -> Bool) -> ScreenSet {
        var kept = ScreenSet()
        for screen in self where isKept(screen) { kept.insert(screen) }
        return kept
    }

    func makeIterator() -> IndexingIterator<[ScreenKey]> {
        if let hashed { return Array(hashed.keys).makeIterator() }
        return keys.makeIterator()
    }

    /// The set, copied first when another set shares it.
    private mutating func uniqueHashed() -> Hashed {
        if !isKnownUniquelyReferenced(&hashed!) { hashed = Hashed(hashed!.keys) }
        return hashed!
    }
}

extension ScreenSet: ExpressibleByArrayLiteral {
    init(arrayLiteral screens: ScreenKey...) {
        for screen in screens { insert(screen) }
    }
}
