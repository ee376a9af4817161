import StateStore

/// The scenes this process restored or saved, per database file, for every restorer of the
/// process: ``StateRestorer/removeScenes(unusedFor:dryRun:)`` never removes one of them,
/// whatever the age of its record (the person just opened it). Another process learns of a use
/// through the use time a restore notes with its next write, to the day.
enum ScenesInUse {
    /// A list per file rather than a set: a process has a few scenes open, and a set of
    /// `SceneKey` would cost every launch a runtime lookup of its `Hashable` conformance (the
    /// set's type is made from its mangled name at its first use) for nothing a list lacks.
    private static let scenes = Locked<[String: [SceneKey]]>([:])

    /// Notes that `scene` of `file` was restored or saved by this process.
    static func note(_ scene: SceneKey, at file: DatabaseFile) {
        let path = file.path
        scenes.withLock { byPath in
            // The usual case, a scene noted before, costs one lookup and no copy.
            if byPath[path]?.contains(scene) == true { return }
            byPath[path, default: []].append(scene)
        }
    }

    /// The scenes of `file` in use by this process, each once.
    static func scenes(at file: DatabaseFile) -> [SceneKey] {
        scenes.withLock { $0[file.path] ?? [] }
    }

    /// Forgets the scenes of `file` that `isGone` names (discarded, pruned, signed out).
    static func forget(at file: DatabaseFile, where isGone: (SceneKey) -> Bool) {
        let path = file.path
        scenes.withLock { byPath in
            guard let current = byPath[path] else { return }
            byPath[path] = current.filter { !isGone($0) }
        }
    }

    /// Carries the scenes of `old` over to `new`, where the file was moved.
    static func move(from old: String, to new: String) {
        scenes.withLock { byPath in
            guard let moved = byPath.removeValue(forKey: old) else { return }
            var scenes = byPath[new] ?? []
            for scene in moved where !scenes.contains(scene) { scenes.append(scene) }
            byPath[new] = scenes
        }
    }
}
