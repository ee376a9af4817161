import Foundation
import StateRestore
import StateStore
import Testing

@testable import restorectl

/// Storage failures exit as storage failures (74, or 73 where nothing can be created), never 65
/// "bad data", at whatever statement they strike, a migration's included.
@Suite struct FailureMappingTests {
    /// SQLite's codes: FULL 13, IOERR 10, IOERR_WRITE 778, READONLY 8, CANTOPEN 14, CORRUPT 11.
    @Test(arguments: [(Int32(13), ExitCode.ioError), (10, .ioError), (778, .ioError), (8, .ioError), (14, .cannotCreate), (11, .dataError)])
    func aMigrationThatFailsOnStorageExitsAsStorage(code: Int32, exit: ExitCode) {
        let underlying = StoreError.sqlite(extendedCode: code, message: "database or disk is full")
        let error = StoreError.migrationFailed(version: 4, name: "0004_add_record_kinds.sql", error: underlying)
        #expect(FailureMapping.failure(for: error).exitCode == exit)
        #expect(FailureMapping.failure(for: underlying).exitCode == exit)
    }

    @Test func aFileThatCannotBeOpenedForWantOfDescriptorsExitsAsStorageNotAsUncreatable() {
        let exhausted = StoreError.sqlite(extendedCode: 14, message: "unable to open database file (EMFILE: Too many open files)", systemErrorCode: EMFILE)
        #expect(FailureMapping.failure(for: exhausted).exitCode == .ioError)
        #expect(FailureMapping.failure(for: StoreError.sqlite(extendedCode: 14, message: "unable to open database file", systemErrorCode: EACCES)).exitCode == .cannotCreate)
    }

    @Test func aPathThatIsNotARegularFileIsNoInput() {
        #expect(FailureMapping.failure(for: StoreError.notARegularFile(path: "/tmp/x", kind: "a FIFO")).exitCode == .noInput)
    }
}
