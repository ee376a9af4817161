import ScreenKinds
import StateRestore
import StateStore

/// `save-loop`: saves numbered records in a loop and acknowledges each one after its commit.
///
/// Output: `ready` once the store is open, then `acked <scene> <i>` after each `saveRecord`
/// returned, then `done`. A parent that kills this process may rely on every acked save being
/// in the database afterwards.
struct SaveLoop {
    let path: String
    let account: String
    let scenePrefix: String
    let scenes: Int

    /// The payload saved for number `i`, in the version-1 shape (`make-large` stores it too);
    /// the tests rebuild it to check stored bytes exactly.
    static func payload(_ i: Int) -> String { #"{"query":"q\#(i)","seq":\#(i)}"# }

    func run(from start: Int, count: Int) throws {
        let printer = LinePrinter.shared
        let store = try Store(path: path, migrator: StateMigrations.makeMigrator(upgrading: RecordKind.builtIn))
        printer.line("ready")
        for i in start..<(start + count) {
            let scene = "\(scenePrefix)\(i % scenes)"
            try store.saveRecord(Self.payload(i), version: 1, account: account, scene: scene, kind: "catalog")
            printer.line("acked \(scene) \(i)")
        }
        store.close()
        printer.line("done")
    }
}
