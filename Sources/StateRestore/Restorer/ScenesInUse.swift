import Foundation
import StateStore

/// The scenes this process restored or saved, per database file (by device and inode and the
/// path the process opens it at, ``FileKey``), for every restorer of the
/// process: ``StateRestorer/removeScenes(unusedFor:dryRun:)`` never removes one of them,
/// whatever the age of its record (the person just opened it). Another process learns of a use
/// through the use time a restore notes with its next write, to the day.
enum ScenesInUse {
    /// Guards `scenes`.
    private static let scenesLock = NSLock()
    /// A list of files and a list of scenes per file, not a dictionary or a set: see
    /// ``ScreenTable``. A file with more scenes than `indexThreshold` (an iPad app's many
    /// windows) gets a set beside its list, so noting a scene stays one lookup however many there are.
    /// Reached only under `scenesLock` (a static list under an `NSLock`, not a `Locked`:
    /// see `Locked`).
    @exclusivity(unchecked) nonisolated(unsafe) private static var scenes: [FileScenes] = []

    /// One file's scenes (a struct, not a tuple: see `ScreenTable`).
    private struct FileScenes {
        let file: FileKey
        var scenes: [SceneKey]
        var index: SceneIndex?
    }

    /// Scenes per file above which a set is kept beside the list.
    static let indexThreshold = 16

    /// The set of a file's scenes once they are many: a class, so the list's element type
    /// holds a reference and needs no `Set` type made at a launch. Changed only under the
    /// lock of ``scenes``, so sharing it between threads is safe.
    private final class SceneIndex: @unchecked Sendable {
        var keys: Set<HashedScene>

        init(_ scenes: [SceneKey]) { keys = Set(scenes.map(HashedScene.init)) }
    }

    /// A scene with its names' FNV-1a hash, made once: the set hashes one number per lookup
    /// and per element when it grows, where `SceneKey` hashed both names' bytes each time
    /// (2 k instructions for each of an iPad app's many first restores).
    private struct HashedScene: Hashable {
        let scene: SceneKey
        let hash: UInt64

        init(_ scene: SceneKey) {
            self.scene = scene
            hash = LaunchGuardMark.sceneHash(account: scene.account, scene: scene.scene)
        }

        static func == (left: HashedScene, right: HashedScene) -> Bool { left.hash == right.hash && left.scene == right.scene }

        func hash(into hasher: inout Hasher) { hasher.combine(hash) }
    }

    /// Notes that `scene` of the file noted under `key` was restored or saved by this process
    /// (a save asks its restorer for the key alone, without copying the file's description).
    static func note(_ scene: SceneKey, atFile key: FileKey) {
        scenesLock.withLock {
            guard let position = scenes.firstIndex(where: { $0.file == key }) else {
                scenes.append(FileScenes(file: key, scenes: [scene]))
                return
            }
            // The usual case, a scene noted before, costs one lookup and no copy.
            if let index = scenes[position].index {
                guard index.keys.insert(HashedScene(scene)).inserted else { return }
            } else {
                if scenes[position].scenes.contains(scene) { return }
                if scenes[position].scenes.count >= indexThreshold { scenes[position].index = SceneIndex(scenes[position].scenes + [scene]) }
            }
            scenes[position].scenes.append(scene)
        }
    }

    /// The scenes of `file` in use by this process, each once.
    static func scenes(at file: DatabaseFile) -> [SceneKey] {
        let key = file.key
        return scenesLock.withLock { scenes.first { $0.file == key }?.scenes ?? [] }
    }

    /// Forgets the scenes of `file` that `isGone` names (discarded, pruned, signed out).
    static func forget(at file: DatabaseFile, where isGone: (SceneKey) -> Bool) {
        let key = file.key
        scenesLock.withLock {
            guard let position = scenes.firstIndex(where: { $0.file == key }) else { return }
            scenes[position].scenes.removeAll(where: isGone)
            let kept = scenes[position].scenes
            scenes[position].index = kept.count > indexThreshold ? SceneIndex(kept) : nil
        }
    }

    /// Carries the scenes of `old` over to `new`, a file that has just come into being: where
    /// the file was moved, or the identity a file noted by path got when it was created (or
    /// replaced, damaged). What was noted under `new` before is dropped: it was of an earlier
    /// file, deleted since, whose inode number the new one reuses.
    static func move(from old: FileKey, to new: FileKey) {
        guard old != new else { return }
        scenesLock.withLock {
            let moved = scenes.first { $0.file == old }
            scenes.removeAll { $0.file == old || $0.file == new }
            if let moved { scenes.append(FileScenes(file: new, scenes: moved.scenes, index: moved.index)) }
        }
    }
}
