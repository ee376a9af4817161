import Foundation
import Observation
import StateRestore
import StateRestoreTesting
import StateStore

/// `model-child`: a second process taking part in the model-based test, driven over stdin one
/// operation a line, each answered with one line on stdout, its clock set by each line. Its
/// turns and its writer's windows run only when asked (`turns`, `fire`), so every write it
/// makes happens at a step the driver chose:
///
/// - `<now> restore <account> <scene> [kill]` → `restored <codes or -> <title>|<selected or ->|<0 or 1>
///   <extra or -> <version/minReaderVersion carried, or ->`; the restore is completed at once
///   (the screen applied it), but with `kill` the child answers and dies by SIGKILL before
///   completing it (a crash while applying a restored state).
/// - `<now> save <account> <scene> <title>|<selected>|<pinned> [kill-before|kill-after]` →
///   `saved` or `refused <reason>`; with `kill-before` it dies by SIGKILL before the save,
///   with `kill-after` right after its commit returned, before answering.
/// - `<now> persist <account> <scene>` → `persisting <n>`: tracks a screen showing the latest
///   restoration of the scene; `n` numbers the child's trackings from 0.
/// - `<now> change <n> <note>` → `changed`; `<now> turns` → `turns`; `<now> fire` → `fired`.
/// - `<now> flush [kill-before|kill-after]` → `flushed <scenes skipped, or ->` or `refused <reason>`;
///   with a kill point it dies before the flush, or right after its commit.
/// - `<now> prune <days>` → `pruned <scenes, or ->`; `<now> sign-out <account>` → `signed-out
///   <records> whole|remains` (whether the purge said nothing of the account remains).
/// - `<now> discard <account> <scene>` → `discarded <records>` or `refused <reason>`.
/// - `<now> suspend` → `suspended` or `refused <reason>`; `<now> resume` → `resumed <the
///   database report's codes, or ->` or `refused <reason>`.
/// - `<now> chdir <folder>` → `chdir` once the process's working directory is `folder` (a
///   relative path given at init must keep naming the file it named then);
///   `<now> path` → `path <the restorer's path>`.
/// - `<now> exit` → closes the restorer (its final write) and answers `closed` or
///   `refused <reason>`.
/// - `<now> hold` → `held` once it holds the file's write lock (`BEGIN IMMEDIATE` on a store of
///   its own): a busy file for the other processes, until the next line; then `released`,
///   and the child ends.
///
/// With `--build B` its restorer runs as app build B (`DatabaseConfiguration.appBuild`): its
/// saves stamp their records with it. With `--role extension` it is an app extension
/// (`DatabaseRole.appExtension`): its crashes are blamed on the extensions' launches.
struct ModelChild {
    let path: String
    var build: String?
    var role: DatabaseRole = .app

    /// A screen's model in the child: one observed property.
    @MainActor
    @Observable
    final class Screen {
        var note: ModelChildNote
        init(_ note: ModelChildNote) { self.note = note }
    }

    func run() {
        MainActor.assumeIsolated { runOnMain() }
    }

    @MainActor
    private func runOnMain() {
        let time = Locked(Store.now())
        var configuration = DatabaseConfiguration()
        configuration.clock = { time.withLock { $0 } }
        configuration.appBuild = build
        configuration.role = role
        let windows = ManualWriteScheduler()
        let turns = ManualTurnScheduler()
        let restorer = StateRestorer(path: path, configuration: configuration, scheduler: windows)
        // By the names' bytes: two spellings of one name (`café` composed and decomposed) are
        // two scenes to the engine, and one key to a dictionary of Swift strings.
        var restorations: [ExactText: Restoration<ModelChildNote>] = [:]
        var trackings: [(tracking: PersistenceTracking, screen: Screen)] = []
        LinePrinter.shared.line("ready")
        while let line = readLine() {
            let words = line.split(separator: " ").map(String.init)
            guard words.count >= 2, let now = Double(words[0]) else {
                LinePrinter.shared.line("error: \(line)")
                continue
            }
            time.withLock { $0 = now }
            let arguments = Array(words.dropFirst(2))
            switch words[1] {
            case "restore" where arguments.count >= 2:
                guard let key = try? SceneKey(scene: arguments[1], account: arguments[0]) else { continue }
                let restored = restorer.restore(ModelChildNote.self, key)
                restorations[ExactText("\(arguments[0])/\(arguments[1])")] = restored
                if arguments.count > 2 && arguments[2] == "kill" {
                    LinePrinter.shared.line("restored \(Self.describe(restored))")
                    Self.die()
                }
                restorer.completeRestore(restored)
                LinePrinter.shared.line("restored \(Self.describe(restored))")
            case "save" where arguments.count >= 3:
                guard let key = try? SceneKey(scene: arguments[1], account: arguments[0]), let note = Self.note(arguments[2]) else { continue }
                let kill = arguments.count > 3 ? arguments[3] : ""
                if kill == "kill-before" { Self.die() }
                let answer = Self.answer {
                    try restorer.save(note, for: key)
                    return "saved"
                }
                if kill == "kill-after" { Self.die() }
                LinePrinter.shared.line(answer)
            case "persist" where arguments.count == 2:
                guard let restored = restorations[ExactText("\(arguments[0])/\(arguments[1])")] else {
                    LinePrinter.shared.line("error: nothing restored for \(arguments[0])/\(arguments[1])")
                    continue
                }
                let screen = Screen(restored.state)
                let tracking = restorer.persist(from: restored, turns: turns) { screen.note }
                trackings.append((tracking, screen))
                LinePrinter.shared.line("persisting \(trackings.count - 1)")
            case "change" where arguments.count == 2:
                guard let index = Int(arguments[0]), trackings.indices.contains(index), let note = Self.note(arguments[1]) else { continue }
                trackings[index].screen.note = note
                LinePrinter.shared.line("changed")
            case "turns":
                turns.runPendingTurns()
                LinePrinter.shared.line("turns")
            case "fire":
                windows.fireAll()
                LinePrinter.shared.line("fired")
            case "flush":
                let kill = arguments.first ?? ""
                if kill == "kill-before" { Self.die() }
                let answer = Self.answer { "flushed \(Self.scenes(try restorer.flush()))" }
                if kill == "kill-after" { Self.die() }
                LinePrinter.shared.line(answer)
            case "prune" where arguments.count == 1:
                guard let days = Int64(arguments[0]) else { continue }
                LinePrinter.shared.line(Self.answer { "pruned \(Self.scenes(try restorer.removeScenes(unusedFor: .seconds(days * 86_400))))" })
            case "discard" where arguments.count == 2:
                guard let key = try? SceneKey(scene: arguments[1], account: arguments[0]) else { continue }
                LinePrinter.shared.line(Self.answer { "discarded \(try restorer.discard([key]))" })
            case "sign-out" where arguments.count == 1:
                LinePrinter.shared.line(
                    Self.answer {
                        let result = try restorer.signOut(account: arguments[0])
                        return "signed-out \(result.records) \(result.leavesNoTrace ? "whole" : "remains")"
                    })
            case "suspend":
                LinePrinter.shared.line(
                    Self.answer {
                        try restorer.suspend()
                        return "suspended"
                    })
            case "resume":
                LinePrinter.shared.line(
                    Self.answer {
                        _ = try restorer.resume()
                        let codes = restorer.databaseReport.map(\.code.rawValue)
                        return "resumed \(codes.isEmpty ? "-" : codes.joined(separator: ","))"
                    })
            case "chdir" where arguments.count == 1:
                LinePrinter.shared.line(FileManager.default.changeCurrentDirectoryPath(arguments[0]) ? "chdir" : "error: chdir \(arguments[0])")
            case "path":
                LinePrinter.shared.line("path \(restorer.path)")
            case "hold":
                LinePrinter.shared.line(
                    Self.answer {
                        let store = try Store(path: path, migrator: StateMigrations.makeMigrator())
                        try store.writeTransaction {
                            LinePrinter.shared.line("held")
                            _ = readLine()
                        }
                        store.close()
                        return "released"
                    })
                return
            case "exit":
                LinePrinter.shared.line((try? restorer.close()) == nil ? "refused" : "closed")
                withExtendedLifetime(trackings) {}
                return
            default:
                LinePrinter.shared.line("error: \(line)")
            }
        }
        withExtendedLifetime(trackings) {}
    }

    private static func die() -> Never {
        kill(getpid(), SIGKILL)
        fatalError("SIGKILL did not end the process")
    }

    private static func note(_ text: String) -> ModelChildNote? {
        let parts = text.split(separator: "|", omittingEmptySubsequences: false)
        guard parts.count == 3 else { return nil }
        return ModelChildNote(title: String(parts[0]), selected: Int(parts[1]), pinned: parts[2] == "1")
    }

    /// Scenes as `account/scene` joined by commas, sorted, or `-`.
    private static func scenes(_ keys: [SceneKey]) -> String {
        let names = keys.map { "\($0.account)/\($0.scene)" }.sorted()
        return names.isEmpty ? "-" : names.joined(separator: ",")
    }

    private static func describe(_ restored: Restoration<ModelChildNote>) -> String {
        let codes = restored.report.map(\.code.rawValue)
        let state = restored.state
        var extra = "-"
        if case .string(let value)? = restored.carriedFields["extra"] { extra = value }
        var format = "-"
        if case .integer(let version)? = restored.carriedFields["version"], case .integer(let minimum)? = restored.carriedFields["minReaderVersion"] {
            format = "\(version)/\(minimum)"
        }
        let note = "\(state.title)|\(state.selected.map(String.init) ?? "-")|\(state.pinned ? 1 : 0)"
        return "\(codes.isEmpty ? "-" : codes.joined(separator: ",")) \(note) \(extra) \(format)"
    }

    /// The answer `body` gives, or `refused <reason>` in the model's names when it throws.
    private static func answer(_ body: () throws -> String) -> String {
        do {
            return try body()
        } catch {
            return "refused \(name(of: error))"
        }
    }

    /// An error by the name the model gives it.
    private static func name(of error: any Error) -> String {
        switch error {
        case StoreError.accountSignedOut: "accountSignedOut"
        case StoreError.sceneDiscarded: "sceneDiscarded"
        case StoreError.existingRecordKept: "existingRecordKept"
        case StoreError.fileMoved: "fileMoved"
        case StoreError.linkedFileUnusable: "linkedFileUnusable"
        case StoreError.danglingLink: "danglingLink"
        case RestoreError.wouldReplaceNewerRecord(_, let version): "wouldReplaceNewerRecord(\(version))"
        case RestoreError.databaseUnusable: "databaseUnusable"
        case RestoreError.sceneIsLive: "sceneIsLive"
        case RestoreError.recordOverBudget: "recordOverBudget"
        default: "\(error)"
        }
    }
}
