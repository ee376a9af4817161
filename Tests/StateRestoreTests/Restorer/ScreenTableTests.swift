import Testing

@testable import StateRestore

/// A restorer's screen collections are lists while they are few and hashed past
/// `ScreenTable.indexThreshold`: both sides answer alike, and a copy stays a value.
struct ScreenTableTests {
    private func screens(_ count: Int) throws -> [ScreenKey] {
        try (0..<count).map { ScreenKey(scene: try SceneKey(scene: "s\($0)"), kind: $0.isMultiple(of: 2) ? "notes" : "catalog") }
    }

    @Test(arguments: [3, ScreenTable<Int>.indexThreshold, ScreenTable<Int>.indexThreshold * 3])
    func aTableAnswersAsADictionary(count: Int) throws {
        let keys = try screens(count)
        var table = ScreenTable<Int>()
        var expected: [ScreenKey: Int] = [:]
        for (value, key) in keys.enumerated() {
            let replaced = table.update(value, for: key)
            #expect(replaced == nil)
            expected[key] = value
        }
        let replaced = table.update(-1, for: keys[0])
        #expect(replaced == 0)
        expected[keys[0]] = -1
        let copy = table
        table[keys[1]] = nil
        expected[keys[1]] = nil
        #expect(copy[keys[1]] == 1)
        #expect(copy.count == count)
        #expect(table.count == expected.count)
        for key in keys { #expect(table[key] == expected[key]) }
        table.keep { $0.kind == "notes" }
        #expect(Set(table.elements.map(\.key)) == Set(expected.keys.filter { $0.kind == "notes" }))
        table.removeAll()
        #expect(table.isEmpty)
    }

    /// `modify` adds, changes and removes as the subscript does, in one lookup, and leaves a
    /// copy taken before it as it was.
    @Test(arguments: [3, ScreenTable<Int>.indexThreshold, ScreenTable<Int>.indexThreshold * 3])
    func modifyingInPlaceAnswersAsTheSubscript(count: Int) throws {
        let keys = try screens(count + 1)
        var table = ScreenTable<Int>()
        for (value, key) in keys.dropLast().enumerated() {
            let seen = table.modify(key) { value in
                defer { value = 10 }
                return value
            }
            #expect(seen == nil)
            table[key] = value
        }
        let copy = table
        table.modify(keys[0]) { $0 = ($0 ?? 0) + 100 }
        table.modify(keys[1]) { $0 = nil }
        table.modify(keys[count]) { $0 = 7 }
        table.modify(keys[2]) { _ in }
        #expect(table[keys[0]] == 100 && table[keys[1]] == nil && table[keys[count]] == 7 && table[keys[2]] == 2)
        #expect(table.count == count)
        #expect(copy[keys[0]] == 0 && copy[keys[1]] == 1 && copy[keys[count]] == nil && copy.count == count)
    }

    @Test(arguments: [3, ScreenTable<Int>.indexThreshold, ScreenTable<Int>.indexThreshold * 3])
    func aSetAnswersAsASet(count: Int) throws {
        let keys = try screens(count)
        var set = ScreenSet()
        for key in keys {
            let inserted = set.insert(key)
            #expect(inserted)
        }
        let insertedAgain = set.insert(keys[0])
        #expect(!insertedAgain)
        let copy = set
        let removed = set.remove(keys[0])
        let removedAgain = set.remove(keys[0])
        #expect(removed && !removedAgain)
        #expect(copy.contains(keys[0]))
        #expect(!set.contains(keys[0]))
        #expect(Set(set) == Set(keys.dropFirst()))
        #expect(set.count == count - 1)
        let notes = set.filter { $0.kind == "notes" }
        #expect(Set(notes) == Set(keys.dropFirst().filter { $0.kind == "notes" }))
        set.removeAll()
        #expect(set.isEmpty)
    }
}
