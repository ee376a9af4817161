import Foundation
import TestSupport
import Testing

@testable import StateStore

/// Moving a damaged database aside is whole or not at all: its log and shared memory moved
/// first and the main file refused (`EPERM` for an immutable file, `EIO`, a full directory)
/// left the file at its path without its log, and the log under the copy's name with no file.
@Suite struct CorruptDatabaseFilesTests {
    @Test(.enabled(if: TestHost.canSetImmutableFlag, "makes a file immutable (chattr +i): needs root, CAP_LINUX_IMMUTABLE and e2fsprogs"))
    func aFileThatCannotBeMovedAsideKeepsItsLogAndSharedMemoryBesideIt() throws {
        let file = try StateFile()
        let contents = ["": "not a database", "-wal": "its log", "-shm": "its index"]
        for (suffix, text) in contents { try Data(text.utf8).write(to: URL(fileURLWithPath: file.path + suffix)) }
        try #require(TestHost.setImmutable(true, file.path))
        defer { #expect(TestHost.setImmutable(false, file.path), "\(file.path) is left immutable") }
        #expect(throws: (any Error).self) { try CorruptDatabaseFiles.moveAside(file.path) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: file.folder.url.path).sorted() == ["state.sqlite", "state.sqlite-shm", "state.sqlite-wal"])
        for (suffix, text) in contents {
            #expect(FileManager.default.contents(atPath: file.path + suffix) == Data(text.utf8), "\(suffix)")
        }
    }
}
