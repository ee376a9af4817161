import Foundation
import ScreenModels
import StateRestore
import StateStore

/// `restorectl demo`: two windows save different state, the catalog changes, both restore.
enum DemoCommand {
    static let spec = CommandSpec(
        name: "demo",
        abstract: "Save two windows' state over a sample catalog, change the catalog, and restore both.",
        discussion: """
            Uses the default database in the user's state folder ($XDG_STATE_HOME/restorectl/state.sqlite, \
            else ~/.local/state/restorectl/state.sqlite) unless --db is given. Writes only the "demo" account.
            """,
        options: [
            .value("db", valueName: "PATH", help: "The state database file (default: in the user's state folder)."),
            CommandTable.json,
        ]
    )

    static let account = "demo"

    static func run(_ command: ParsedCommand, console: Console) throws -> ExitCode {
        let path = try command.string("db") ?? defaultDatabasePath(console.environment)
        let json = command.flag("json")
        let say: (String) -> Void = { if !json { console.print($0) } }
        say("restorectl demo — database: \(path)\n")

        // Launch 1: two windows over the same books, each with its own interaction state.
        let first = try WritableDatabase.open(path)
        let reading = CatalogScreenModel(document: DemoCatalog.original)
        reading.send(.queryChanged("the"))
        reading.send(.selected(105))
        reading.send(.scrolled(anchorID: 113, offset: 0.4))
        let research = CatalogScreenModel(document: DemoCatalog.original)
        research.send(.selected(106))
        research.send(.scrolled(anchorID: 109, offset: 0.75))
        let windows = [("reading", reading), ("research", research)]
        for (scene, screen) in windows {
            let record = CatalogRecordCodec.encode(CatalogRecord(screen.viewState))
            try first.save(ValidatedRecord(version: CatalogRecord.currentVersion, payload: record), for: try SceneKey(scene: scene, account: account), replacingNewer: true)
            say("Launch 1, window \"\(scene)\" saved: \(describe(screen.viewState))")
        }
        // A third window last saved by version 1.0 of the app, in the oldest record format.
        try first.save(ValidatedRecord(version: 1, payload: #"{"query":"programming","selectedID":103}"#), for: try SceneKey(scene: "legacy", account: account), replacingNewer: true)
        say("Launch 1, window \"legacy\" holds a format-1 record from an old release: {\"query\":\"programming\",\"selectedID\":103}")
        first.close()

        say("\nBetween launches the catalog changes: \(DemoCatalog.deletedTitles.joined(separator: ", ")) are deleted, books 105 and 113 are renamed, and the last five books move to the front.\n")

        // Launch 2: a fresh restorer, as a relaunched app would have.
        let restorer = StateRestorer(path: path)
        defer { restorer.close() }
        var results: [JSONValue] = []
        for scene in ["reading", "research", "legacy"] {
            let key = try SceneKey(scene: scene, account: account)
            let restoration = restorer.restore(key, against: DemoCatalog.changed)
            restorer.completeRestore(key)
            results.append(JSONOutput.restoration(restoration))
            say("Launch 2, " + Summary.text(for: restoration) + "\n")
        }
        if json { JSONOutput.print(.object(["db": .string(path), "windows": .array(results)]), to: console) }
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
