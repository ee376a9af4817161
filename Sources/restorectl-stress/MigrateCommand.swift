import ScreenKinds
import StateRestore
import StateStore

/// `migrate`: opens the database the way the app does, which migrates it to the latest version.
///
/// Output: `ready` before opening; `progress <version> <recordsDone> <recordsTotal|->` each
/// time the migrator reports (at the start of every migration, and per batch of a data step),
/// so a parent can kill at varied points without sleeping; `migrated <version>` at the end.
enum MigrateCommand {
    static func run(path: String) throws {
        let printer = LinePrinter.shared
        printer.line("ready")
        let store = try Store(path: path, migrator: StateMigrations.makeMigrator(upgrading: RecordKind.builtIn)) { progress in
            printer.line("progress \(progress.version) \(progress.recordsDone) \(progress.recordsTotal.map(String.init) ?? "-")")
        }
        store.close()
        printer.line("migrated \(store.schemaVersion)")
    }
}
