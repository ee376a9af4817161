import StateStore

/// One screen's record address: a scene and the kind of state it holds.
///
/// The key carries its mark in the crash-loop guard file, made once with the key, and hashes
/// as the mark's hash of the account, scene and kind: a restore looks its screen up in several
/// tables (the write gate's sightings, the screens restoring and in use, a writer's pending
/// saves), and each lookup hashing three strings again was most of what those tables cost.
/// The mark is FNV-1a, which names chosen to collide could defeat; the names are the app's.
/// A class: a key is copied into every table and list a save or restore passes through, and a
/// copy of a reference is one count, where a copy of three names was three and an outlined
/// copy of the tuples holding them.
final class ScreenKey: Hashable, Sendable {
    let scene: SceneKey
    let kind: String
    /// This screen's mark in the crash-loop guard file.
    let guardMark: LaunchGuardMark

    init(scene: SceneKey, kind: String) {
        self.scene = scene
        self.kind = kind
        guardMark = LaunchGuardMark(account: scene.account, scene: scene.scene, kind: kind)
    }

    static func == (left: ScreenKey, right: ScreenKey) -> Bool {
        left === right || left.guardMark == right.guardMark && left.kind.hasSameBytes(as: right.kind) && left.scene == right.scene
    }

    func hash(into hasher: inout Hasher) { hasher.combine(guardMark.screenHash) }
}
