import StateRestore

/// The options that name one window's record of one kind, which `save` and `portable` declare
/// alike: `--db PATH --scene ID [--account A] [--kind K] [--formats DIR]`, in that order.
struct RecordOptions: OptionGroup {
    @Option(.database) var database: String
    @Option(.scene) var scene: String
    @Option(.account) var account: String?
    /// `catalog` when absent: resolved by ``resolvedKind(commandPath:)``.
    @Option(.kind) var kind: String?
    /// The app's format folders, read when the command runs.
    @Option(.formats) var formats: String?
    /// Whether `--scene` and `--account` may be names an older build stored (a command that
    /// reads), or must be names for a new write (one that saves).
    let namesMayBeStored: Bool

    /// `--scene` and `--account` as the window's key; a bad name is exit 65.
    var key: SceneKey {
        get throws { try InputFiles.sceneKey(scene: scene, account: account, stored: namesMayBeStored) }
    }

    /// The kind `--kind` names among the built-in kinds and those of `--formats`, `catalog` when
    /// absent (``KindOption/kind(named:among:formats:commandPath:)``).
    func resolvedKind(commandPath: [String]) throws -> RecordKind {
        try KindOption.kind(named: kind, among: FormatsOption.kinds(in: formats), formats: formats, commandPath: commandPath)
    }
}
