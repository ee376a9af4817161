import Foundation
import ScreenKinds
import StateRestore
import StateStore

/// `writers`: several threads in this process, each with its own `Store`, save to a scene every
/// process writes (`shared`), one this process's threads share (`w<id>`) and one of their own
/// (`w<id>-t<thread>`), and read their own scene back after each save.
///
/// Output: `ready` once every thread has opened its store; then it waits for a line on stdin,
/// the parent's start gate, so all processes begin writing together; `acked <scene> <value>`
/// after each save returned; `done`. Any error (a busy or locked error reaching the caller
/// above all) is printed as `error …` on stderr and the process exits 1.
struct Writers {
    let path: String
    let threads: Int
    let count: Int
    let writerID: Int

    /// The account every writer uses.
    static let account = "stress"

    /// The scene save number `n` of `thread` goes to: shared, this process's, or the thread's own.
    static func scene(forSave n: Int, writer: Int, thread: Int) -> String {
        switch n % 3 {
        case 0: "shared"
        case 1: "w\(writer)"
        default: "w\(writer)-t\(thread)"
        }
    }

    /// The value of save `n`, unique across every writer and thread.
    static func value(writer: Int, thread: Int, save n: Int) -> String { "w\(writer)t\(thread)n\(n)" }

    /// The payload stored for `value`; the tests rebuild it to check stored bytes exactly.
    static func payload(_ value: String) -> String { #"{"value":"\#(value)"}"# }

    func run() throws {
        let printer = LinePrinter.shared
        let opened = DispatchGroup()
        let finished = DispatchGroup()
        let startGate = DispatchSemaphore(value: 0)
        let failures = FailureCounter()
        for thread in 0..<threads {
            opened.enter()
            finished.enter()
            let job = WriterThread(path: path, writer: writerID, thread: thread, count: count)
            Thread {
                defer { finished.leave() }
                do {
                    try job.run(opened: { opened.leave() }, waitForStart: { startGate.wait() })
                } catch {
                    failures.add()
                    printer.error("error writer \(job.writer) thread \(job.thread): \(error)")
                }
            }.start()
        }
        opened.wait()
        printer.line("ready")
        _ = readLine()  // The start gate: the parent sends a line once every process is ready.
        for _ in 0..<threads { startGate.signal() }
        finished.wait()
        guard failures.value == 0 else { throw StressFailure(description: "\(failures.value) writer thread(s) failed") }
        printer.line("done")
    }
}

/// One writing thread's work; it owns its store from open to close.
private struct WriterThread: Sendable {
    let path: String
    let writer: Int
    let thread: Int
    let count: Int

    /// Opens the store, reports through `opened` (exactly once, even when opening fails), waits
    /// for the start gate and saves.
    func run(opened: () -> Void, waitForStart: () -> Void) throws {
        let store: Store
        do {
            store = try Store(path: path, migrator: StateMigrations.makeMigrator())
        } catch {
            opened()
            throw error
        }
        opened()
        waitForStart()
        defer { store.close() }
        for n in 0..<count {
            let scene = Writers.scene(forSave: n, writer: writer, thread: thread)
            let value = Writers.value(writer: writer, thread: thread, save: n)
            try store.saveRecord(Writers.payload(value), version: 1, account: Writers.account, scene: scene, kind: "catalog")
            LinePrinter.shared.line("acked \(scene) \(value)")
            if scene.hasSuffix("-t\(thread)") {
                // Nobody else writes this scene, so this connection must read its own write.
                let stored = try store.record(account: Writers.account, scene: scene, kind: "catalog")?.payload
                guard stored == Data(Writers.payload(value).utf8) else {
                    let found = stored.map { String(decoding: $0, as: UTF8.self) } ?? "nothing"
                    throw StressFailure(description: "scene \(scene) read back \(found) right after saving \(value)")
                }
            }
        }
    }
}

/// A thread-safe count of failed threads.
private final class FailureCounter: Sendable {
    private let count = Locked(0)
    func add() { count.withLock { $0 += 1 } }
    var value: Int { count.withLock { $0 } }
}
