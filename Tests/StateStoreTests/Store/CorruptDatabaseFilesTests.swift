import Foundation
import TestSupport
import Testing

@testable import StateStore

/// Moving a damaged database aside is whole or not at all: its log and shared memory moved
/// first and the main file refused (`EPERM` for an immutable file, `EIO`, a full directory)
/// left the file at its path without its log, and the log under the copy's name with no file.
@Suite struct CorruptDatabaseFilesTests {
    @Test func aFileThatCannotBeMovedAsideKeepsItsLogAndSharedMemoryBesideIt() throws {
        let file = try StateFile()
        let contents = ["": "not a database", "-wal": "its log", "-shm": "its index"]
        for (suffix, text) in contents { try Data(text.utf8).write(to: URL(fileURLWithPath: file.path + suffix)) }
        let chattr = URL(fileURLWithPath: "/usr/bin/chattr")
        guard (try? ChildRun(tool: chattr, ["+i", file.path]))?.status == 0 else {
            print("skipped: chattr +i is not available here (it needs root, e2fsprogs and a file system with the immutable flag)")
            return
        }
        defer { _ = try? ChildRun(tool: chattr, ["-i", file.path]) }
        #expect(throws: (any Error).self) { try CorruptDatabaseFiles.moveAside(file.path) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: file.folder.url.path).sorted() == ["state.sqlite", "state.sqlite-shm", "state.sqlite-wal"])
        for (suffix, text) in contents {
            #expect(FileManager.default.contents(atPath: file.path + suffix) == Data(text.utf8), "\(suffix)")
        }
    }
}
