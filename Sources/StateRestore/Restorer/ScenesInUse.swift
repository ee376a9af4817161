import StateStore

/// The scenes this process restored or saved, per database file (by device and inode and the
/// path the process opens it at, ``FileKey``), for every restorer of the
/// process: ``StateRestorer/removeScenes(unusedFor:dryRun:)`` never removes one of them,
/// whatever the age of its record (the person just opened it). Another process learns of a use
/// through the use time a restore notes with its next write, to the day.
enum ScenesInUse {
    /// A list per file rather than a set: a process has a few scenes open, and a set of
    /// `SceneKey` would cost every launch a runtime lookup of its `Hashable` conformance (the
    /// set's type is made from its mangled name at its first use) for nothing a list lacks.
    private static let scenes = Locked<[FileKey: [SceneKey]]>([:])

    /// Notes that `scene` of `file` was restored or saved by this process.
    static func note(_ scene: SceneKey, at file: DatabaseFile) {
        let key = file.key
        scenes.withLock { byFile in
            // The usual case, a scene noted before, costs one lookup and no copy.
            if byFile[key]?.contains(scene) == true { return }
            byFile[key, default: []].append(scene)
        }
    }

    /// The scenes of `file` in use by this process, each once.
    static func scenes(at file: DatabaseFile) -> [SceneKey] {
        scenes.withLock { $0[file.key] ?? [] }
    }

    /// Forgets the scenes of `file` that `isGone` names (discarded, pruned, signed out).
    static func forget(at file: DatabaseFile, where isGone: (SceneKey) -> Bool) {
        let key = file.key
        scenes.withLock { byFile in
            guard let current = byFile[key] else { return }
            byFile[key] = current.filter { !isGone($0) }
        }
    }

    /// Carries the scenes of `old` over to `new`, a file that has just come into being: where
    /// the file was moved, or the identity a file noted by path got when it was created (or
    /// replaced, damaged). What was noted under `new` before is dropped: it was of an earlier
    /// file, deleted since, whose inode number the new one reuses.
    static func move(from old: FileKey, to new: FileKey) {
        guard old != new else { return }
        scenes.withLock { byFile in
            byFile[new] = byFile.removeValue(forKey: old)
        }
    }
}
