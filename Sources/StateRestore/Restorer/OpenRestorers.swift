import Foundation
import StateStore

/// Every restorer of this process that is not closed, held weakly, so that a discard through
/// one restorer refuses a scene live in another of the same file: "a scene whose screen is
/// still live in this process" means any restorer's tracking, not only the discarding one's
/// (model sequence `Fixtures/sequences/live-scene-of-another-restorer-is-not-discarded.txt`).
/// Read only by discards; a restorer registers once, at its init.
enum OpenRestorers {
    private struct Weak {
        weak var restorer: StateRestorer?
    }

    /// Guards `restorers`.
    private static let restorersLock = NSLock()
    /// Reached only under `restorersLock` (a static list under an `NSLock`, not a `Locked`:
    /// see `Locked`).
    @exclusivity(unchecked) nonisolated(unsafe) private static var restorers: [Weak] = []

    /// Notes `restorer`, for as long as it lives.
    static func register(_ restorer: StateRestorer) {
        restorersLock.withLock {
            restorers.removeAll { $0.restorer == nil }
            restorers.append(Weak(restorer: restorer))
        }
    }

    /// The restorers of `file` that are not closed: the same file by device and inode (whatever
    /// path, link or working directory each was given), by path only while either has no file yet.
    static func restorers(sharingFileWith file: DatabaseFile) -> [StateRestorer] {
        let all = restorersLock.withLock { restorers.compactMap(\.restorer) }
        return all.filter { other in
            let otherFile = other.file
            let isSameFile = file.identity != nil && otherFile.identity != nil ? file.identity == otherFile.identity : file.path == otherFile.path
            return isSameFile && !other.isClosed
        }
    }

    /// `file` as this process opens it already: at the path an open restorer of the same
    /// file (by device and inode) opens, when one reached it by another path (a hard link, a
    /// bind mount), so both use one WAL (``DatabaseFile/opened(at:)``); `file` itself otherwise,
    /// and for a file that does not exist yet.
    static func file(asOpened file: DatabaseFile) -> DatabaseFile {
        guard let identity = file.identity else { return file }
        let all = restorersLock.withLock { restorers.compactMap(\.restorer) }
        for other in all where !other.isClosed {
            let otherFile = other.location.withLock { $0.file }
            if otherFile.identity == identity { return otherFile.path == file.path ? file : file.opened(at: otherFile.path) }
        }
        return file
    }

    /// Publishes the scenes this process has live on the file at `restorer`'s path (every
    /// open, not suspended restorer's trackings, neither cancelled nor released) in the file's
    /// `-live` sibling, where a discard in another process finds them (`LiveScenesFile`);
    /// none releases this process's slot. A restorer that only reads, or that has no connection
    /// to the file, publishes nothing (nothing is created for it). A file that cannot be written
    /// publishes nothing: within the process, live scenes are refused all the same.
    ///
    /// The sibling is the file's that is at the path now (its identity, one `lstat`). When
    /// `restorer`'s own file is no longer there (a later launch moved it aside as damaged and
    /// started another), the publication is that of the restorers of the file that is:
    /// `restorer` publishing its own (none) would release the scenes they have live (model sequence
    /// Fixtures/sequences/a-replaced-files-restorer-publishes-nothing-over-the-live-scenes-of-its-successor.txt).
    static func publishLiveScenes(of restorer: StateRestorer) {
        // No slot of this process beside the file and no screen live in any restorer: the
        // publication would be of none, which changes nothing (a restorer that only restored,
        // closing, looks nothing up on disk).
        if !LiveScenesFile.isPublishing(beside: restorer.file.path), !anyLiveScreen() { return }
        var file = restorer.file
        // A file that existed and is gone (removed, moved away) gets no live file made at its
        // old path: the publication lets go of this process's slot, if any, and is of none.
        var fileIsGone = false
        if file.identity != nil {
            if let now = DatabaseFile.identity(at: file.path) { file.identity = now } else { fileIsGone = true }
        }
        var scenes: [(account: String, scene: String)] = []
        // While no restorer of the file may hold the lock (each is suspended), the scenes are
        // held without it.
        var held = true
        for restorer in restorers(sharingFileWith: file) {
            let publication = restorer.livePublication
            guard publication != .none else { continue }
            if publication == .withLock { held = false }
            for screen in restorer.persistence.liveScreens() where !scenes.contains(where: { screen.scene.names($0.account, $0.scene) }) {
                scenes.append((screen.scene.account, screen.scene.scene))
            }
        }
        try? LiveScenesFile.publish(fileIsGone ? [] : scenes, held: held, beside: file.path)
    }

    /// Whether any restorer of this process, of any file, has a screen live.
    private static func anyLiveScreen() -> Bool {
        let all = restorersLock.withLock { restorers.compactMap(\.restorer) }
        return all.contains { $0.persistence.hasLiveScreen }
    }
}
