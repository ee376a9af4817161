import Foundation
import TestSupport
import Testing

@testable import StateStore

/// Several processes, each with several threads and a `Store` per thread, write one real file
/// at once while a reader in this process reads continuously.
///
/// Writers use `BEGIN IMMEDIATE` and the busy timeout, so no busy or locked error may reach a
/// caller; readers use WAL snapshots, so they never block a writer nor fail themselves.
@Suite struct ConcurrentWriterTests {
    static let processes = 3
    static let threadsPerProcess = 3
    static let account = "stress"

    @Test func writersInSeveralProcessesNeverSeeBusyErrorsAndTheLastAcknowledgedWriteRestores() throws {
        let file = try StateFile()
        try Store(path: file.path, migrator: .withNoOpDataSteps()).close()  // Created and migrated here, so the children only open it.
        let saves = StressSettings.writerSaves

        let children = try (0..<Self.processes).map { id in
            try ChildProcess(stress: [
                "writers", "--db", file.path, "--threads", "\(Self.threadsPerProcess)", "--count", "\(saves)", "--id", "\(id)",
            ])
        }
        for child in children { try child.readLines(until: "ready") }
        let reader = try ContinuousReader(path: file.path)

        // Every child's stdout on its own thread, so no child ever waits on a full pipe.
        let outputs = Locked([[String]](repeating: [], count: children.count))
        let allRead = DispatchGroup()
        for (index, child) in children.enumerated() {
            allRead.enter()
            Thread {
                var lines: [String] = []
                while let line = child.nextLine() { lines.append(line) }
                outputs.withLock { $0[index] = lines }
                allRead.leave()
            }.start()
        }
        for child in children { child.send("go") }  // The start gate: all write together.
        allRead.wait()
        let exits = children.map { $0.waitForExit() }
        let reads = reader.stop()

        // No error reached any caller, and every save was acknowledged.
        var lastValues: [String: [String: String]] = [:]  // scene → writing thread → last value
        for (index, child) in children.enumerated() {
            let errors = child.errorOutput()
            #expect(exits[index].isSuccess && errors.isEmpty, "writer \(index): \(exits[index]), stderr: \(errors)")
            let lines = outputs.withLock { $0[index] }
            #expect(lines.last == "done", "writer \(index) did not finish")
            let acks = lines.filter { $0 != "done" }
            #expect(acks.count == Self.threadsPerProcess * saves, "writer \(index) acknowledged \(acks.count) saves")
            for line in acks {
                let parts = line.split(separator: " ").map(String.init)
                try #require(parts.count == 3 && parts[0] == "acked", "unexpected writer line: \(line)")
                // Each thread's acks are in its commit order, so the last one seen is its last write.
                let thread = String(parts[2].prefix { $0 != "n" })
                lastValues[parts[1], default: [:]][thread] = parts[2]
            }
        }
        #expect(reads.errors.isEmpty, "the reader failed: \(reads.errors.prefix(3))")
        #expect(reads.count > 0)
        #expect(reads.regressions.isEmpty, "the reader saw a scene go back: \(reads.regressions.prefix(3))")

        // What restores is the last acknowledged write: for a scene one thread writes, exactly
        // its last value; for a scene several write, the last value of one of them (whichever
        // committed last).
        let store = try Store(path: file.path, migrator: .withNoOpDataSteps())
        defer { store.close() }
        #expect(try store.integrityProblems().isEmpty)
        #expect(Set(try store.recordSummaries().map(\.scene)) == Set(lastValues.keys))
        #expect(lastValues.count == 1 + Self.processes + Self.processes * Self.threadsPerProcess)
        for (scene, lastByThread) in lastValues.sorted(by: { $0.key < $1.key }) {
            let payload = try store.record(account: Self.account, scene: scene, kind: "catalog").map { String(decoding: $0.payload, as: UTF8.self) }
            let allowed = Set(lastByThread.values.map { #"{"value":"\#($0)"}"# })
            if lastByThread.count == 1 {
                #expect(payload == allowed.first, "\(scene) restores \(payload ?? "nothing")")
            } else {
                #expect(payload.map(allowed.contains) == true, "\(scene) restores \(payload ?? "nothing"), not a last write of \(lastByThread.values.sorted())")
            }
        }
        print("ConcurrentWriterTests: \(Self.processes)×\(Self.threadsPerProcess) writers × \(saves) saves; \(reads.count) reads meanwhile")
    }
}

extension ConcurrentWriterTests {
    @Test func writersOpeningANewFileTogetherAllSucceed() throws {
        for round in 0..<StressSettings.openingRounds {
            let file = try StateFile()
            // No file yet: every thread of every process races to create and migrate it.
            let children = try (0..<Self.processes).map { id in
                try ChildProcess(stress: ["writers", "--db", file.path, "--threads", "\(Self.threadsPerProcess)", "--count", "3", "--id", "\(id)"])
            }
            for child in children {
                child.send("go")
                while child.nextLine() != nil {}
                let exit = child.waitForExit()
                #expect(exit.isSuccess, "round \(round): \(child.commandLine) ended with \(exit): \(child.errorOutput())")
            }
            let store = try Store(path: file.path, migrator: .withNoOpDataSteps())
            #expect(try store.recordSummaries().count == 1 + Self.processes + Self.processes * Self.threadsPerProcess)
            store.close()
        }
    }

    @Test func processesMigratingOneOldDatabaseTogetherAllSucceedAndKeepItsBackup() throws {
        let dir = try TemporaryDirectory()
        let template = dir.path("old.sqlite")
        let maker = try ChildProcess(stress: ["make-large", "--db", template, "--records", "1000", "--upTo", "1"])
        try maker.readLines(until: "made 1000")
        try #require(maker.waitForExit().isSuccess)
        let latest = try Migrator().latestVersion
        for round in 0..<StressSettings.openingRounds {
            let path = dir.path("round\(round).sqlite")
            try FileManager.default.copyItem(atPath: template, toPath: path)
            let children = try (0..<Self.processes).map { _ in try ChildProcess(stress: ["migrate", "--db", path]) }
            for child in children {
                let lines = try child.readLines(until: "migrated \(latest)")
                #expect(lines.first == "ready", "round \(round): \(lines)")
                let exit = child.waitForExit()
                #expect(exit.isSuccess, "round \(round): \(child.commandLine) ended with \(exit): \(child.errorOutput())")
            }
            // The backup named after version 1 holds version 1, whole, whoever wrote it.
            let backup = try Database(path: path + ".backup-v1", configuration: DatabaseConfiguration(access: .readOnly))
            #expect(try backup.scalarInt("PRAGMA user_version") == 1, "round \(round)")
            #expect(try backup.scalarInt("SELECT count(*) FROM scene_state") == 1000, "round \(round)")
            #expect(try backup.integrityCheck() == "ok", "round \(round)")
            backup.close()
            let store = try Store(path: path, migrator: .withNoOpDataSteps())
            #expect(try store.database.scalarInt("SELECT count(*) FROM scene_state") == 1000)
            #expect(try store.database.scalarInt("SELECT count(*) FROM schema_history") == latest)
            store.close()
        }
    }
}

/// A thread in the test process reading the whole store in read transactions, as fast as it
/// can, until stopped. It records errors and any thread-private scene whose value went back.
private final class ContinuousReader: @unchecked Sendable {
    struct Result {
        var count = 0
        var errors: [String] = []
        var regressions: [String] = []
    }

    private let result = Locked(Result())
    private let isStopping = Locked(false)
    private let finished = DispatchSemaphore(value: 0)

    /// Starts reading and returns after the first read has completed.
    init(path: String) throws {
        let firstRead = DispatchSemaphore(value: 0)
        let store = try Store(readingExistingFileAt: path)
        let box = UncheckedBox(store)
        Thread { [self] in
            var highest: [String: Int] = [:]  // thread-private scene → highest save number seen
            var signalled = false
            while !isStopping.withLock({ $0 }) {
                do {
                    try box.value.database.readTransaction {
                        try box.value.forEachRecord(account: "stress") { record in
                            guard record.scene.contains("-t") else { return }
                            let text = String(decoding: record.payload, as: UTF8.self)
                            let number = Int(text.split(separator: "n").last?.prefix { $0.isNumber } ?? "") ?? -1
                            if number < highest[record.scene, default: -1] {
                                result.withLock { $0.regressions.append("\(record.scene): \(number) after \(highest[record.scene]!)") }
                            }
                            highest[record.scene] = max(number, highest[record.scene, default: -1])
                        }
                    }
                    result.withLock { $0.count += 1 }
                } catch {
                    result.withLock { $0.errors.append("\(error)") }
                }
                if !signalled {
                    signalled = true
                    firstRead.signal()
                }
            }
            box.value.close()
            finished.signal()
        }.start()
        firstRead.wait()
    }

    /// Stops the thread and returns what it saw.
    func stop() -> Result {
        isStopping.withLock { $0 = true }
        finished.wait()
        return result.withLock { $0 }
    }
}

/// Moves a non-Sendable value to the one thread that uses it from then on.
private final class UncheckedBox<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
