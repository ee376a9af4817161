import Testing

@testable import JSON

@Suite("JSONObject")
struct JSONObjectTests {
    @Test("setting values appends new keys, replaces existing ones in place and nil removes", arguments: [3, 30])
    func subscriptSetKeepsOrder(size: Int) {
        var object = JSONObject()
        for number in 0..<size { object["k\(number)"] = .integer(Int64(number)) }
        #expect(object.keys == (0..<size).map { "k\($0)" })

        object["k1"] = "replaced"
        #expect(object.keys == (0..<size).map { "k\($0)" })
        #expect(object["k1"] == "replaced")

        object["k0"] = nil
        #expect(object.keys == (1..<size).map { "k\($0)" })
        #expect(object["k0"] == nil)
        #expect(object["k2"] == .integer(2))
        #expect(object.count == size - 1)

        object["new"] = true
        #expect(object.keys.last == "new")
        #expect(object["new"] == true)
    }

    @Test("equality compares members in order")
    func equalityIsOrderSensitive() {
        let ab: JSONObject = ["a": 1, "b": 2]
        let ba: JSONObject = ["b": 2, "a": 1]
        #expect(ab != ba)
        #expect(ab == ["a": 1, "b": 2])
    }

    @Test("iterating yields members in order")
    func iterationYieldsMembersInOrder() {
        let object: JSONObject = ["x": 1, "y": "two"]
        #expect(object.map(\.key) == ["x", "y"])
        #expect(object.map(\.value) == [1, "two"])
    }
}
