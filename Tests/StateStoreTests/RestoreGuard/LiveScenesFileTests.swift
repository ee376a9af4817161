import Dispatch
import Foundation
import TestSupport
import Testing

@testable import StateStore

/// The live scenes a suspended process holds without a lock: live to other processes while a
/// process of the slot's pid lives, nothing once it is gone, and taken back by the process when
/// it publishes again (not left behind in a second slot).
struct LiveScenesFileTests {
    /// The slots of the live file beside `database` whose magic is `magic`, by index.
    private func slots(marked magic: String, beside database: String) throws -> [Int] {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: database + "-live")))
        return (0..<LiveScenesFile.slotCount).filter { slot in
            let base = LiveScenesFile.headerSize + slot * LiveScenesFile.slotSize
            return bytes.count >= base + 4 && Array(bytes[base..<base + 4]) == Array(magic.utf8)
        }
    }

    /// Writes `pid` as the owner of `slot` of the live file beside `database`.
    private func setOwner(of slot: Int, to pid: pid_t, beside database: String) throws {
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: database + "-live"))
        defer { try? handle.close() }
        try handle.seek(toOffset: UInt64(LiveScenesFile.headerSize + slot * LiveScenesFile.slotSize + 4))
        withUnsafeBytes(of: UInt32(bitPattern: pid).littleEndian) { handle.write(Data($0)) }
    }

    /// The pid of a process that has ended.
    private func endedProcessID() throws -> pid_t {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/true")
        try process.run()
        process.waitUntilExit()
        return process.processIdentifier
    }

    @Test func heldScenesAreLiveWhileTheirProcessLivesAndNothingOnceItIsGone() throws {
        let file = try StateFile()
        let scene: [(account: String?, scene: String)] = [(account: "default", scene: "main")]
        try LiveScenesFile.publish([(account: "default", scene: "main")], held: false, beside: file.path)
        try LiveScenesFile.publish([(account: "default", scene: "main")], held: true, beside: file.path)
        let held = try slots(marked: "RSLH", beside: file.path)
        #expect(held.count == 1)
        // This process's own held scenes are not another's.
        #expect(try LiveScenesFile.scenesLive(elsewhere: scene, beside: file.path).isEmpty)
        // Another process that lives (pid 1 always does), holding them without a lock.
        try setOwner(of: held[0], to: 1, beside: file.path)
        #expect(try LiveScenesFile.scenesLive(elsewhere: scene, beside: file.path).count == 1)
        // Killed while suspended: nothing is live.
        try setOwner(of: held[0], to: try endedProcessID(), beside: file.path)
        #expect(try LiveScenesFile.scenesLive(elsewhere: scene, beside: file.path).isEmpty)
    }

    @Test func aProcessPublishingAgainTakesBackTheSlotItHeldAndReleasesItAtTheEnd() throws {
        let file = try StateFile()
        let scenes = [(account: "default", scene: "main")]
        // Slot 0 held by another live process (pid 1): this process publishes in slot 1.
        try LiveScenesFile.publish(scenes, held: false, beside: file.path)
        try LiveScenesFile.publish(scenes, held: true, beside: file.path)
        try setOwner(of: 0, to: 1, beside: file.path)
        try LiveScenesFile.publish(scenes, held: false, beside: file.path)
        #expect(try slots(marked: "RSLV", beside: file.path) == [1])
        // Suspended: held in slot 1. Slot 0 frees up meanwhile (its process ended).
        try LiveScenesFile.publish(scenes, held: true, beside: file.path)
        #expect(try slots(marked: "RSLH", beside: file.path) == [0, 1])
        try clear(slot: 0, beside: file.path)
        #expect(LiveScenesFile.isPublishing(beside: file.path))
        // Resumed: its own slot 1 again, not the free slot 0, and nothing left held.
        try LiveScenesFile.publish(scenes, held: false, beside: file.path)
        #expect(try slots(marked: "RSLV", beside: file.path) == [1])
        #expect(try slots(marked: "RSLH", beside: file.path).isEmpty)
        // Suspended, then closed: the held slot is emptied.
        try LiveScenesFile.publish(scenes, held: true, beside: file.path)
        try LiveScenesFile.publish([], beside: file.path)
        #expect(try slots(marked: "RSLH", beside: file.path).isEmpty)
        #expect(!LiveScenesFile.isPublishing(beside: file.path))
    }

    /// A process suspended with a held slot waits to take that slot back (another process
    /// only peeks at it) while the slot still says it is this process's. When the database and
    /// its live file were removed while it was suspended, and another process made the file
    /// again and took that slot for its own live scenes, the slot is that process's for its
    /// whole life: closing (publishing none) and resuming take another slot instead of waiting.
    /// Found by a soak of the contract model, whose closing restorer waited for a child that
    /// waited for it. Each publication runs on a thread of its own, bounded so that a wait
    /// fails the test instead of hanging it; the child's end lets a waiting one go.
    @Test func aHeldSlotInAFileMadeAgainWhileSuspendedIsNotWaitedFor() throws {
        let file = try StateFile()
        let scenes = [(account: "default", scene: "main")]
        try LiveScenesFile.publish(scenes, held: false, beside: file.path)
        try LiveScenesFile.publish(scenes, held: true, beside: file.path)
        #expect(try slots(marked: "RSLH", beside: file.path) == [0])
        #expect(unlink(file.path + "-live") == 0)
        // Another process makes the database and its live file again, its live scene in slot 0.
        let child = try ChildProcess(stress: ["model-child", "--db", file.path, "--build", "1.0", "--role", "app"])
        defer { child.kill() }
        _ = try child.readLines(until: "ready")
        child.send("1800000000 restore alice s1")
        #expect(child.nextLine()?.hasPrefix("restored ") == true)
        child.send("1800000000 persist alice s1")
        #expect(child.nextLine() == "persisting 0")
        #expect(try slots(marked: "RSLV", beside: file.path) == [0])

        for (name, publication) in [("resuming", scenes), ("closing", [])] {
            let returned = DispatchSemaphore(value: 0)
            let failure = Locked<(any Error)?>(nil)
            Thread {
                do { try LiveScenesFile.publish(publication, beside: file.path) } catch { failure.withLock { $0 = error } }
                returned.signal()
            }.start()
            guard returned.wait(timeout: .now() + 30) == .success else {
                Issue.record("\(name) waited for the slot another process holds")
                child.kill()
                returned.wait()
                return
            }
            #expect(failure.withLock { $0 } == nil, "\(name)")
            // The other process's slot is as it left it.
            #expect(try slots(marked: "RSLV", beside: file.path).first == 0, "\(name)")
        }
        #expect(!LiveScenesFile.isPublishing(beside: file.path))
    }

    /// Held scenes beside no database (moved away while the process was suspended) make no
    /// live file there.
    @Test func heldScenesBesideNoDatabaseMakeNoFile() throws {
        let file = try StateFile()
        #expect(!FileManager.default.fileExists(atPath: file.path))
        #expect(throws: (any Error).self) { try LiveScenesFile.publish([(account: "default", scene: "main")], held: true, beside: file.path) }
        #expect(!FileManager.default.fileExists(atPath: file.path + "-live"))
    }

    /// Empties the header of `slot` of the live file beside `database`.
    private func clear(slot: Int, beside database: String) throws {
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: database + "-live"))
        defer { try? handle.close() }
        try handle.seek(toOffset: UInt64(LiveScenesFile.headerSize + slot * LiveScenesFile.slotSize))
        handle.write(Data(count: LiveScenesFile.slotHeaderSize))
    }
}
