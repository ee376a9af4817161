import CSQLite
import Foundation
import StateStore

/// Opens the connections to files in chosen folders as SQLite's own build would, where this
/// machine's build differs in a way the engine must not depend on.
///
/// Debian's SQLite is built with `SQLITE_SECURE_DELETE`, so every connection here zeroes what it
/// deletes; SQLite's own default, which a platform's build may keep, leaves the bytes in the
/// file. A test that only ever ran on this build could not tell an engine that turns
/// `secure_delete` on from one that relies on the build. Connections to files under a folder
/// given to ``emulate(in:)`` start with it off, as SQLite's own build opens them (an automatic
/// extension, `sqlite3_auto_extension`, runs the pragma as each connection opens, before the
/// engine's own settings); every other connection of the process is left as the build opens it.
package enum SQLiteOwnDefaults {
    private static let folders = Locked<[String]>([])
    private static let registered = Locked(false)

    /// From now on, connections opened to files under `folder` (resolved, as the engine opens
    /// them) start with `secure_delete` off, until ``stopEmulating(in:)``.
    package static func emulate(in folder: String) {
        let resolved = URL(fileURLWithPath: folder).resolvingSymlinksInPath().path
        folders.withLock { $0.append(resolved.hasSuffix("/") ? resolved : resolved + "/") }
        registered.withLock { isRegistered in
            guard !isRegistered else { return }
            isRegistered = true
            // The entry point's declared type is `void (*)(void)`; SQLite calls it with the
            // connection, an error pointer and its routines.
            let entry: @convention(c) (OpaquePointer?, UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, OpaquePointer?) -> Int32 = { connection, _, _ in
                SQLiteOwnDefaults.connectionOpened(connection)
                return SQLITE_OK
            }
            sqlite3_auto_extension(unsafeBitCast(entry, to: (@convention(c) () -> Void).self))
        }
    }

    /// Connections to files under `folder` open as this machine's build opens them again.
    package static func stopEmulating(in folder: String) {
        let resolved = URL(fileURLWithPath: folder).resolvingSymlinksInPath().path
        folders.withLock { $0.removeAll { $0 == (resolved.hasSuffix("/") ? resolved : resolved + "/") } }
    }

    private static func connectionOpened(_ connection: OpaquePointer?) {
        guard let connection, let name = sqlite3_db_filename(connection, "main").map({ String(cString: $0) }), !name.isEmpty else { return }
        guard folders.withLock({ $0.contains { name.hasPrefix($0) } }) else { return }
        sqlite3_exec(connection, "PRAGMA secure_delete = OFF", nil, nil, nil)
    }
}
