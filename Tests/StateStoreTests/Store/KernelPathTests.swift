import Foundation
import TestSupport
import Testing

@testable import StateStore

/// A path given for a database or an output is the kernel's: `:memory:` and `file:x` are files
/// of those names, never SQLite's in-memory database or a URI; an empty path and one ending in
/// a slash name no regular file and are refused; and a move or an export never writes to a name
/// the database's own files take beside it.
@Suite struct KernelPathTests {
    let stateFile: StateFile

    init() throws { stateFile = try StateFile() }

    /// The folder's entries with each regular file's bytes.
    private func contents() throws -> [String: Data] {
        var contents: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: stateFile.folder.url.path) {
            contents[name] = FileManager.default.contents(atPath: stateFile.path(name)) ?? Data()
        }
        return contents
    }

    private func seed(_ path: String) throws {
        let store = try Store(path: path, migrator: .withNoOpDataSteps())
        try store.saveRecord("{}", version: 1, account: "alice", scene: "main", kind: "notes", at: 100)
        store.close()
    }

    @Test(arguments: [":memory:", "file:state.sqlite", "file:state.sqlite?mode=memory", "file::memory:"])
    func aNameSQLiteWouldReadAsSpecialIsAFileOfThatName(name: String) throws {
        let path = stateFile.path(name)
        let file = try DatabaseFile(resolving: path)
        #expect(file.path == path)
        try seed(file.path)
        #expect(try FileManager.default.contentsOfDirectory(atPath: stateFile.folder.url.path) == [name])
        var status = stat()
        #expect(lstat(path, &status) == 0 && status.st_mode & 0o777 == 0o600)
        let store = try Store(readingExistingFileAt: path)
        defer { store.close() }
        #expect(try store.record(account: "alice", scene: "main", kind: "notes") != nil)
    }

    @Test func anEmptyPathAndOneEndingInASlashAreRefused() throws {
        for path in ["", stateFile.path + "/", stateFile.path + "//", "/"] {
            #expect(throws: StoreError.self, "\(path)") { try DatabaseFile(resolving: path) }
        }
        try seed(stateFile.path)
        let before = try contents()
        #expect {
            try DatabaseFile(resolving: stateFile.path + "/")
        } throws: { error in
            guard case .notARegularFile(_, let kind) = error as? StoreError else { return false }
            return kind.contains("ending in a slash")
        }
        #expect(throws: StoreError.self) { try Store.relocate(from: stateFile.path, to: stateFile.path("moved.sqlite") + "/") }
        #expect(throws: StoreError.self) { try Store.relocate(from: stateFile.path, to: "") }
        #expect(try contents() == before)
    }

    @Test(arguments: Store.companionSuffixes)
    func aMoveToANameOfTheDatabasesOwnFilesIsRefusedAndLosesNothing(suffix: String) throws {
        try seed(stateFile.path)
        let before = try contents()
        #expect {
            try Store.relocate(from: stateFile.path, to: stateFile.path + suffix)
        } throws: { error in
            guard case .sqlite(_, let message, _, _) = error as? StoreError else { return false }
            return message.contains("is the name of the \(suffix) file of") && message.contains("one of the database's own files")
        }
        #expect(try contents() == before)
        // The other way round: a database named like another's companion is not moved onto it.
        let companion = stateFile.path("other.sqlite" + suffix)
        try seed(companion)
        let withCompanion = try contents()
        #expect(throws: StoreError.self) { try Store.relocate(from: companion, to: stateFile.path("other.sqlite")) }
        #expect(try contents() == withCompanion)
    }

    @Test(arguments: ["-guard", "-live", "-moved"])
    func aMoveRefusesALinkWhereItWouldRemoveOrWriteOneOfTheDatabasesFiles(suffix: String) throws {
        try seed(stateFile.path)
        try stateFile.write("victim", to: "victim.txt")
        #expect(symlink("victim.txt", stateFile.path + suffix) == 0)
        let before = try contents()
        #expect {
            try Store.relocate(from: stateFile.path, to: stateFile.path("moved.sqlite"))
        } throws: { error in
            guard case .sqlite(_, let message, _, _) = error as? StoreError else { return false }
            return message.contains("\(suffix) is a symbolic link, not a regular file")
        }
        #expect(try contents() == before)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: stateFile.path + suffix) == "victim.txt")
    }

    @Test func aMoveToACompanionNameThroughAnotherPathOfTheFolderIsRefused() throws {
        try seed(stateFile.path)
        let alias = try TemporaryDirectory()
        let linkedFolder = alias.path("folder")
        #expect(symlink(stateFile.folder.url.path, linkedFolder) == 0)
        let before = try contents()
        #expect(throws: StoreError.self) { try Store.relocate(from: stateFile.path, to: linkedFolder + "/state.sqlite-guard") }
        #expect(try contents() == before)
    }

    /// The files of a database whose name is another spelling of this one's (`café.sqlite`
    /// composed beside one decomposed: two files here) are never taken for this one's: its
    /// moved-aside copies are not pruned as this one's, nor its staging files removed.
    /// Matched by `hasPrefix`, which compares characters, they were.
    @Test func anotherDatabasesFilesSpelledWithOtherBytesAreNeverTakenForThisOnes() throws {
        let composed = stateFile.path("caf\u{E9}.sqlite")
        let decomposed = stateFile.path("cafe\u{301}.sqlite")
        let copy = decomposed + ".corrupt-20260101T000000Z"
        let staging = decomposed + ".creating-999999999-\(UUID().uuidString)"
        for file in [decomposed, copy, staging] { #expect(FileManager.default.createFile(atPath: file, contents: Data())) }
        #expect(CorruptDatabaseFiles.copies(of: composed).isEmpty)
        #expect(CorruptDatabaseFiles.copies(of: decomposed) == [copy])
        Database.removeStaleStagingFiles(beside: composed, marked: [".creating-"])
        #expect(FileManager.default.fileExists(atPath: staging), "another database's staging file was removed")
        Database.removeStaleStagingFiles(beside: decomposed, marked: [".creating-"])
        #expect(!FileManager.default.fileExists(atPath: staging), "its own stale staging file stays")
    }
}
