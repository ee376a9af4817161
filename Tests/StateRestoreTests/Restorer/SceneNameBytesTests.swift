import Foundation
import ScreenKinds
import StateStore
import TestSupport
import Testing

@testable import StateRestore

/// Two scene names that are two spellings of one text (`café` composed and decomposed) are two
/// scenes: the store compares names byte by byte, and Swift's `String` calls them equal. The
/// statement that reads and writes records kept its bound name while the next was "equal",
/// so the second scene read, and wrote, the first scene's record.
@Suite struct SceneNameBytesTests {
    static let composed = "caf\u{E9}"
    static let decomposed = "cafe\u{301}"

    @Test func twoSpellingsOfOneNameAreTwoScenesToEverySaveAndRestore() throws {
        let file = try StateFile()
        let keys = try [Self.composed, Self.decomposed].map { try SceneKey(scene: $0) }
        #expect(keys[0].scene == keys[1].scene, "Swift calls the two names equal")
        #expect(keys[0] != keys[1] && Set(keys).count == 2, "the keys, as the store, do not")
        let restorer = StateRestorer(path: file.path)
        for (position, key) in keys.enumerated() { try restorer.save(NotesState(query: "q\(position)"), for: key) }
        for key in keys + keys.reversed() + keys {
            let expected = key.scene.utf8.elementsEqual(Self.composed.utf8) ? "q0" : "q1"
            #expect(restorer.restore(NotesState.self, key, against: []).state.query == expected, "\(Array(key.scene.utf8))")
        }
        try restorer.close()

        let store = try Store(readingExistingFileAt: file.path)
        defer { store.close() }
        let stored = try store.recordSummaries().map { Array($0.scene.utf8) }.sorted { $0.lexicographicallyPrecedes($1) }
        #expect(stored == [Array(Self.composed.utf8), Array(Self.decomposed.utf8)].sorted { $0.lexicographicallyPrecedes($1) })
    }

    @Test func namesCompareByTheirBytesWhateverTheirStorage() {
        // Small (inline) and large (heap) strings, the two spellings, lengths that differ by
        // a byte, the empty name, and values that share their storage (answered without
        // reading the bytes) all compare as their bytes do.
        let long = String(repeating: "x", count: 40)
        let sharingStorage = long
        let pairs: [(String, String, Bool)] = [
            (long, sharingStorage, true), (long + Self.decomposed, long + Self.decomposed, true), (Self.decomposed, Self.decomposed, true),
            (Self.composed, Self.decomposed, false), (Self.composed, "caf\u{E9}", true), ("", "", true), ("", "a", false),
            (long + Self.composed, long + Self.decomposed, false), (long, String(repeating: "x", count: 40), true), (long, long + "x", false),
            ("ab", "ac", false),
        ]
        for (left, right, same) in pairs {
            #expect(left.hasSameBytes(as: right) == same, "\(Array(left.utf8)) and \(Array(right.utf8))")
            #expect(right.hasSameBytes(as: left) == same)
        }
        #expect(throws: Never.self) {
            let keys = try [Self.composed, Self.decomposed].map { try SceneKey(scene: $0) }
            #expect(keys[0] != keys[1])
            #expect(Set(keys).count == 2)
        }
    }
}
