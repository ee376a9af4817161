import Foundation
import JSON
import ScreenKinds
import ScreenModels
import StateRestore
import StateStore

/// `restorectl demo`: two catalog windows, a notes screen and a zones screen save their state,
/// the data changes, and every screen restores.
enum DemoCommand {
    static let spec = CommandSpec(
        name: "demo",
        abstract: "Save catalog, notes and zones screens' state, change their data, and restore every screen.",
        discussion: """
            Uses the default database in the user's state folder ($XDG_STATE_HOME/restorectl/state.sqlite, \
            else ~/.local/state/restorectl/state.sqlite) unless --db is given. Writes only the "demo" account.
            """,
        action: .parsing(run)
    )

    static let account = "demo"

    static func run(_ options: Options, console: Console) throws -> ExitCode {
        let path = try options.database ?? defaultDatabasePath(console.environment)
        let json = options.json
        let say: (String) -> Void = { if !json { console.print($0) } }
        // Launch 1 starts as a first install would: nothing saved for the demo account. Each
        // screen restores, makes its model and persists it; the person's actions are saved
        // without a save call. The heading comes once the file is open: a demo refused (a
        // directory, a text file) prints nothing on standard output, only its error.
        let first = try StateDatabase.openForWriting(path, upgrading: RecordKind.builtIn, configuration: .tool)
        say("restorectl demo — database: \(path)\n")
        _ = try first.purge(account: account)
        let saved = try DemoFirstLaunch.run(path: path, account: account)
        for (scene, state) in saved.windows {
            say("Launch 1, window \"\(scene)\" saved: \(describe(state))")
        }
        // A third window last saved by version 1.0 of the app, in the oldest record format.
        let legacy = try RecordKind(CatalogViewState.self).validateForSave(Array(#"{"query":"programming","selectedID":103}"#.utf8))
        try RecordSaving.save(legacy, for: try SceneKey(scene: "legacy", account: account), in: first, replacingNewer: true)
        say("Launch 1, window \"legacy\" holds a format-1 record from an old release: {\"query\":\"programming\",\"selectedID\":103}")
        let readingKey = try SceneKey(scene: "reading", account: account)
        say(
            "Launch 1, window \"reading\" notes saved: query \"\(saved.notes.query)\", selected note \(saved.notes.selectedNoteID.map(String.init) ?? "none"); zones saved: selected \(saved.zones.selectedZoneID ?? "none") (\(saved.writes) write\(saved.writes == 1 ? "" : "s") for every change of launch 1)"
        )
        first.close()

        say(
            "\nBetween launches the catalog changes: \(DemoCatalog.deletedTitles.joined(separator: ", ")) are deleted, books 105 and 113 are renamed, and the last five books move to the front. \(DemoScreens.changeDescription)\n"
        )

        // Launch 2: a fresh restorer, as a relaunched app would have.
        let restorer = StateRestorer(path: path)
        defer { try? restorer.close() }
        var results: [JSONValue] = []
        for scene in ["reading", "research", "legacy"] {
            let key = try SceneKey(scene: scene, account: account)
            let restoration = restorer.restore(CatalogViewState.self, key, against: DemoCatalog.changed)
            restorer.completeRestore(restoration)
            results.append(JSONOutput.restoration(restoration.toolSummary))
            say("Launch 2, " + Summary.text(for: restoration.toolSummary) + "\n")
        }
        let notes = restorer.restore(NotesState.self, readingKey, against: DemoScreens.changedNotes)
        restorer.completeRestore(notes)
        let zones = restorer.restore(ZonesState.self, readingKey, against: DemoScreens.changedZones)
        restorer.completeRestore(zones)
        let screens = [notes.summary, zones.summary]
        for screen in screens { say("Launch 2, " + Summary.text(for: screen) + "\n") }
        if json {
            JSONOutput.print(
                .object(["db": .string(path), "windows": .array(results), "screens": .array(screens.map(JSONOutput.restoration))]),
                to: console
            )
        }
        return .success
    }

    static func describe(_ state: CatalogViewState) -> String {
        var parts = ["query \(state.query.isEmpty ? "none" : "\"\(state.query)\"")", "selected \(state.selectedID.map(String.init) ?? "none")"]
        if let viewport = state.viewport {
            parts.append("scrolled to book \(viewport.anchorID) at \(viewport.offset) (neighbours before \(viewport.before), after \(viewport.after))")
        }
        return parts.joined(separator: ", ")
    }

    /// `$XDG_STATE_HOME/restorectl/state.sqlite`, else `~/.local/state/restorectl/state.sqlite`;
    /// the folder is created (mode 0700) when missing.
    static func defaultDatabasePath(_ environment: [String: String]) throws -> String {
        let base: String
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            base = state
        } else if let home = environment["HOME"], !home.isEmpty {
            base = (home as NSString).appendingPathComponent(".local/state")
        } else {
            base = FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".local/state").path
        }
        let folder = (base as NSString).appendingPathComponent("restorectl")
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw CommandFailure(.cannotCreate, "cannot create the state folder \(folder): \(error.localizedDescription)")
        }
        return (folder as NSString).appendingPathComponent("state.sqlite")
    }
}
