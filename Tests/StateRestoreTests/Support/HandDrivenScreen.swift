import StateRestore
import StateRestoreTesting
import TestSupport

/// A database file and one scene of it, with the main-actor turns and the writer's coalescing
/// windows driven by hand: the set-up of the suites that restore, persist and flush a screen.
@MainActor
struct HandDrivenScreen {
    /// The database file, in a folder of its own.
    let file: StateFile
    /// The scene the suite restores and saves.
    let key: SceneKey
    /// The writer's windows, which end only when the test fires them.
    let windows = ManualWriteScheduler()
    /// The turns after observed changes, which run only when the test runs them.
    let turns = ManualTurnScheduler()

    /// A new file, and the scene `scene` of the default account.
    init(scene: String = "main") throws {
        file = try StateFile()
        key = try SceneKey(scene: scene)
    }

    /// A restorer on the file whose coalescing windows end only when the test fires them.
    func restorer() -> StateRestorer {
        StateRestorer(path: file.path, scheduler: windows)
    }

    /// What a fresh restorer reads back for `type`, or nil when nothing is stored.
    func stored<State: RestorableState>(_ type: State.Type) -> State? {
        let restorer = StateRestorer(path: file.path)
        defer { try? restorer.close() }
        let restored = restorer.restore(State.self, key)
        restorer.completeRestore(restored)
        return restored.reports(.noRecord) ? nil : restored.state
    }
}
