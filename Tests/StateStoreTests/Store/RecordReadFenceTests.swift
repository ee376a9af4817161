import Foundation
import TestSupport
import Testing

@testable import StateStore

/// A restore's read (`recordAndGeneration`) answers the account's generation and the discard
/// epoch from the store's cache only while the file's data version is the one they were read
/// at: another connection's purge or discard in between is always seen.
@Suite struct RecordReadFenceTests {
    let file: StateFile

    init() throws { file = try StateFile() }

    private func openStore() throws -> Store { try Store(path: file.path, migrator: .withNoOpDataSteps()) }

    @Test func aReadAfterAnotherConnectionsPurgeSeesTheNewGeneration() throws {
        let reader = try openStore()
        defer { reader.close() }
        try reader.saveRecord("{}", version: 1, account: "alice", scene: "s1", kind: "notes", at: 100)
        try reader.saveRecord("{}", version: 1, account: "alice", scene: "s2", kind: "notes", at: 100)
        #expect(try reader.recordAndGeneration(account: "alice", scene: "s1", kind: "notes").generation == 0)
        #expect(try reader.recordAndGeneration(account: "alice", scene: "s2", kind: "notes").generation == 0)

        let other = try openStore()
        defer { other.close() }
        _ = try other.purge(account: "alice")
        try other.saveRecord("{}", version: 1, account: "alice", scene: "s2", kind: "notes", at: 200)

        let read = try reader.recordAndGeneration(account: "alice", scene: "s2", kind: "notes")
        #expect(read.record?.updatedAt == 200)
        #expect(read.generation == 1)
    }

    @Test func aReadAfterAnotherConnectionsDiscardSeesTheNewEpoch() throws {
        let reader = try openStore()
        defer { reader.close() }
        try reader.saveRecord("{}", version: 1, account: "alice", scene: "s1", kind: "notes", at: 100)
        try reader.saveRecord("{}", version: 1, account: "alice", scene: "s2", kind: "notes", at: 100)
        let before = try reader.recordAndGeneration(account: "alice", scene: "s1", kind: "notes").discardEpoch

        let other = try openStore()
        defer { other.close() }
        #expect(try other.discardScenes([(account: "alice", scene: "s1")]) == 1)

        let read = try reader.recordAndGeneration(account: "alice", scene: "s2", kind: "notes")
        #expect(read.record != nil)
        #expect(read.discardEpoch > before)
    }

    @Test func readsWithNothingWrittenBetweenAgreeWithAFreshConnection() throws {
        let writer = try openStore()
        try writer.saveRecord("{}", version: 1, account: "alice", scene: "s1", kind: "notes", at: 100)
        _ = try writer.purge(account: "alice")
        try writer.saveRecord("{}", version: 1, account: "alice", scene: "s1", kind: "notes", at: 200)
        try writer.saveRecord("{}", version: 1, account: "alice", scene: "s2", kind: "notes", at: 200)
        _ = try writer.discardScenes([(account: "bob", scene: "gone")])
        writer.close()

        let reader = try openStore()
        defer { reader.close() }
        let first = try reader.recordAndGeneration(account: "alice", scene: "s1", kind: "notes")
        let second = try reader.recordAndGeneration(account: "alice", scene: "s2", kind: "notes")
        let fresh = try openStore()
        defer { fresh.close() }
        let expected = try fresh.recordAndGeneration(account: "alice", scene: "s2", kind: "notes")
        #expect(first.generation == 1 && second.generation == 1 && expected.generation == 1)
        #expect(second.discardEpoch == expected.discardEpoch && first.discardEpoch == expected.discardEpoch)
    }

    /// Two spellings of one name (`café` composed and decomposed) are two accounts to SQLite,
    /// each with its own generation: the cache answered the second with the first's, so a
    /// screen of the other account captured a generation its sign-out had not reached yet,
    /// and its stale save after that sign-out went through.
    @Test func accountsSpelledWithOtherBytesKeepTheirOwnGenerations() throws {
        let composed = "caf\u{E9}"
        let decomposed = "cafe\u{301}"
        #expect(composed == decomposed, "Swift calls the two spellings equal")
        let reader = try openStore()
        defer { reader.close() }
        try reader.saveRecord("{}", version: 1, account: composed, scene: "s1", kind: "notes", at: 100)
        try reader.saveRecord("{}", version: 1, account: decomposed, scene: "s1", kind: "notes", at: 100)
        let other = try openStore()
        _ = try other.purge(account: composed)
        other.close()

        #expect(try reader.recordAndGeneration(account: composed, scene: "s1", kind: "notes").generation == 1)
        let read = try reader.recordAndGeneration(account: decomposed, scene: "s1", kind: "notes")
        #expect(read.record != nil)
        #expect(read.generation == 0)
        #expect(try reader.accountGeneration(decomposed) == 0)
    }
}
