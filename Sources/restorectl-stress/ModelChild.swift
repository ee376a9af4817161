import Foundation
import StateRestore
import StateStore

/// `model-child`: a second process taking part in the model-based test, driven over stdin one
/// operation a line, each answered with one line on stdout, its clock set by each line:
///
/// - `<now> restore <account> <scene>` → `restored <codes or -> <title>|<selected or ->|<0 or 1>
///   <extra or -> <version/minReaderVersion carried, or ->`; the restore is completed at once
///   (the screen applied it).
/// - `<now> save <account> <scene> <title>|<selected>|<pinned> [kill-before|kill-after]` →
///   `saved` or `refused <reason>`; with `kill-before` it dies by SIGKILL before the save,
///   with `kill-after` right after its commit returned, before answering.
/// - `<now> exit` → closes the restorer (its final write) and answers `closed` or
///   `refused <reason>`.
struct ModelChild {
    let path: String

    func run() {
        let time = Locked(Store.now())
        var configuration = DatabaseConfiguration()
        configuration.clock = { time.withLock { $0 } }
        let restorer = StateRestorer(path: path, configuration: configuration)
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
            case "restore" where arguments.count == 2:
                guard let key = try? SceneKey(scene: arguments[1], account: arguments[0]) else { continue }
                let restored = restorer.restore(ModelChildNote.self, key)
                restorer.completeRestore(restored)
                LinePrinter.shared.line("restored \(Self.describe(restored))")
            case "save" where arguments.count >= 3:
                guard let key = try? SceneKey(scene: arguments[1], account: arguments[0]), let note = Self.note(arguments[2]) else { continue }
                let kill = arguments.count > 3 ? arguments[3] : ""
                if kill == "kill-before" { Self.die() }
                let answer = Self.answer { try restorer.save(note, for: key) }
                if kill == "kill-after" { Self.die() }
                LinePrinter.shared.line(answer)
            case "exit":
                LinePrinter.shared.line(Self.answer { try restorer.close() } == "saved" ? "closed" : "refused")
                return
            default:
                LinePrinter.shared.line("error: \(line)")
            }
        }
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

    /// `saved`, or `refused <reason>` in the model's names.
    private static func answer(_ body: () throws -> Void) -> String {
        do {
            try body()
            return "saved"
        } catch StoreError.accountSignedOut {
            return "refused accountSignedOut"
        } catch StoreError.existingRecordKept {
            return "refused existingRecordKept"
        } catch RestoreError.wouldReplaceNewerRecord(_, let version) {
            return "refused wouldReplaceNewerRecord(\(version))"
        } catch RestoreError.databaseUnusable {
            return "refused databaseUnusable"
        } catch {
            return "refused \(error)"
        }
    }
}
