import Foundation
import ScreenKinds
import StateRestore
import StateStore
import TestSupport
import Testing

/// The library's writers pass `DatabaseConfiguration.durability` through to their connection,
/// including when a damaged file is replaced by a fresh one.
@Suite struct DurabilityConfigurationTests {
    let file: StateFile

    init() throws { file = try StateFile() }

    static var powerSafe: DatabaseConfiguration {
        var configuration = DatabaseConfiguration()
        configuration.durability = .powerSafe
        return configuration
    }

    static func synchronous(of store: Store?) throws -> Int? {
        try store?.database.fetchOne("PRAGMA synchronous") { $0.int(0) }
    }

    @Test func restorerOpensWithTheConfiguredDurability() throws {
        let powerSafe = StateRestorer(path: file.path("power.sqlite"), configuration: Self.powerSafe)
        defer { try? powerSafe.close() }
        #expect(try powerSafe.withStore { store, _ in try Self.synchronous(of: store) } == 2)
        let crashSafe = StateRestorer(path: file.path("crash.sqlite"))
        defer { try? crashSafe.close() }
        #expect(try crashSafe.withStore { store, _ in try Self.synchronous(of: store) } == 1)
    }

    @Test func freshDatabaseThatReplacesACorruptOneKeepsTheConfiguredDurability() throws {
        let path = file.path
        try Data(repeating: 0x5A, count: 8_192).write(to: URL(fileURLWithPath: path))
        let restorer = StateRestorer(path: path, configuration: Self.powerSafe)
        defer { try? restorer.close() }
        #expect(restorer.databaseReport.map(\.code) == [.databaseCorrupt])
        #expect(try restorer.withStore { store, _ in try Self.synchronous(of: store) } == 2)
    }
}
