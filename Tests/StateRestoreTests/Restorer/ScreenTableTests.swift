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
