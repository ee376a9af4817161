import Foundation
import JSON
import ScreenKinds
import StateRestore
import StateStore

/// `restorectl prune`: delete the scenes neither saved nor restored for a while (windows that
/// came and went).
enum PruneCommand {
    static let spec = CommandSpec(
        name: "prune",
        abstract: "Delete every scene neither saved nor restored for a given time.",
        discussion:
            "Every kind's state of each such scene goes, in one transaction; --dry-run lists them and deletes nothing. A restore counts as a use once the restoring app has written (it is kept to the day). Exits 0, 64 for a malformed --unused-for, 66 when the file does not exist, 73 when the <db>-live file beside it cannot be read (which scenes another process has on screen cannot be told, so nothing is deleted).",
        action: .parsing(run)
    )

    static func run(_ options: Options, console: Console) throws -> ExitCode {
        // A dry run reads only: an open for writing would migrate an older file (backups, its
        // records rewritten, older releases locked out) or switch its journal, for a list.
        let store =
            options.isDryRun
            ? try StateDatabase.openForReading(options.database)
            : try StateDatabase.openExistingForWriting(options.database, upgrading: RecordKind.builtIn, configuration: .tool)
        defer { store.close() }
        let scenes = try store.removeScenes(unusedSince: store.currentTime() - options.unusedFor.seconds, dryRun: options.isDryRun)
        if options.isJSON {
            let listed: [JSONValue] = scenes.map { .object(["account": .string($0.account), "scene": .string($0.scene)]) }
            console.print(JSONValue.object(["dryRun": .bool(options.isDryRun), "scenes": .array(listed)]).encoded(pretty: true))
        } else {
            for scene in scenes { console.print("\(options.isDryRun ? "would remove" : "removed") scene \(StoreNames.quoted(scene.scene)) of account \(StoreNames.quoted(scene.account))") }
            console.print("\(options.isDryRun ? "Would remove" : "Removed") \(scenes.count) scene(s) unused for \(options.unusedFor.text).")
        }
        return .success
    }
}
