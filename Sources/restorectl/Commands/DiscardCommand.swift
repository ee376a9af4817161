import Foundation
import ScreenKinds
import StateRestore
import StateStore

/// `restorectl discard`: forget one scene (a window closed for good), every kind of it.
enum DiscardCommand {
    static let spec = CommandSpec(
        name: "discard",
        abstract: "Delete every kind's state of one scene, in one account or in all of them.",
        discussion: "For a window closed for good. Without --account, the scene goes in every account (an app knows only a discarded scene session's identifier).",
        action: .parsing(run)
    )

    static func run(_ options: Options, console: Console) throws -> ExitCode {
        let store = try StateDatabase.openExistingForWriting(options.database, upgrading: RecordKind.builtIn, configuration: .tool)
        defer { store.close() }
        // A window another process (the app, an extension) has on screen is refused, as the
        // app's own discard refuses it.
        try StateDatabase.refuseLiveElsewhere(scene: options.scene, account: options.account, beside: store.path)
        let removed = try store.discardScenes([(account: options.account, scene: options.scene)])
        let whose = options.account.map { "of account \(StoreNames.quoted($0))" } ?? "in every account"
        console.print("Discarded scene \(StoreNames.quoted(options.scene)) \(whose): \(removed) record(s).")
        return .success
    }
}
