import CSQLite
import Foundation
import StateStore

/// Opens the tests' connections as SQLite's own build would, where this machine's build differs
/// in a way the engine must not depend on.
///
/// Debian's SQLite is built with `SQLITE_SECURE_DELETE`, so every connection here zeroes what it
/// deletes; SQLite's own default, which a platform's build may keep, leaves the bytes in the
/// file. Tests that only ever ran on this build could not tell an engine that turns
/// `secure_delete` on from one that relies on the build. So every connection this process opens
/// to a file in a test's folder (a ``TemporaryDirectory``, on the usual file system or a
/// scratch mount) starts with it off, as SQLite's own build opens it: an automatic extension
/// (`sqlite3_auto_extension`) runs the pragma as each connection opens, before the engine's own
/// settings. Connections to other files, and the tool and stress children (their own
/// processes), open as the build opens them.
package enum SQLiteOwnDefaults {
    /// The name every test folder starts with.
    static let folderPrefix = "restorectl-tests-"

    private static let registration: Void = {
        // The entry point's declared type is `void (*)(void)`; SQLite calls it with the
        // connection, an error pointer and its routines.
        let entry: @convention(c) (OpaquePointer?, UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, OpaquePointer?) -> Int32 = { connection, _, _ in
            SQLiteOwnDefaults.connectionOpened(connection)
            return SQLITE_OK
        }
        sqlite3_auto_extension(unsafeBitCast(entry, to: (@convention(c) () -> Void).self))
    }()

    /// From now on (once per process), connections to files in test folders open with
    /// `secure_delete` off.
    package static func emulate() { registration }

    private static func connectionOpened(_ connection: OpaquePointer?) {
        guard let connection, let name = sqlite3_db_filename(connection, "main").map({ String(cString: $0) }) else { return }
        guard name.contains("/\(folderPrefix)") else { return }
        sqlite3_exec(connection, "PRAGMA secure_delete = OFF", nil, nil, nil)
    }
}
