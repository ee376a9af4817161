import Foundation
import ScreenKinds
import StateRestore
import StateStore

/// `make-large`: a database at an older schema version holding many records, for migration
/// kill tests. Prints `made <records>` when the file is complete and closed.
enum LargeDatabase {
    static func make(path: String, records: Int, upTo version: Int) throws {
        let db = try Database(path: path)
        try StateMigrations.makeMigrator(upgrading: RecordKind.builtIn).migrate(db, upTo: version)
        // One transaction and one prepared statement: 100,000 rows in well under a second.
        // The columns are those of migration 1, which every later version must keep reading.
        try db.writeTransaction {
            let insert = try db.cachedStatement(
                "INSERT INTO scene_state (account, scene, version, payload, updated_at) VALUES (?, ?, 1, ?, ?)"
            )
            let now = Store.now()
            for i in 0..<records {
                try insert.bind([.text("default"), .text("s\(i)"), .text(SaveLoop.payload(i)), .real(now)])
                try insert.step()
            }
            insert.reset()
        }
        db.close()
        LinePrinter.shared.line("made \(records)")
    }
}
