import ScreenKinds
import StateRestore

/// The options several commands declare alike, each written once: `@Option(.database) var database: String`.
extension OptionDeclaration {
    /// `--db PATH`: the state database file.
    static let database = OptionDeclaration(name: "db", valueName: "PATH", help: "The state database file.")
    /// `--scene ID`: the window's identifier.
    static let scene = OptionDeclaration(name: "scene", valueName: "ID", help: "The window (scene) identifier.")
    /// `--account A`, where absent means the default account.
    static let account = OptionDeclaration(name: "account", valueName: "A", help: "The account (default: \"default\").")
    /// `--kind K`: a built-in kind, offered by completion, or an app's kind in `--formats`.
    static let kind = OptionDeclaration(
        name: "kind",
        valueName: "K",
        help: "The record kind: \(RecordKind.builtIn.map(\.name).joined(by: ", ")), or an app's kind in --formats (default: catalog).",
        completion: .words(RecordKind.builtIn.map(\.name))
    )
    /// `--kind K` of the listing commands, where absent means every kind.
    static let kindFilter = OptionDeclaration(
        name: "kind",
        valueName: "K",
        help: "Only records of this kind: \(RecordKind.builtIn.map(\.name).joined(by: ", ")), or any other kind name (default: every kind).",
        completion: .words(RecordKind.builtIn.map(\.name))
    )
    /// `--kind K` of the history verbs: required, any kind name (its records are not decoded).
    static let historyKind = OptionDeclaration(
        name: "kind",
        valueName: "K",
        help: "The record kind: \(RecordKind.builtIn.map(\.name).joined(by: ", ")), or any other kind name.",
        completion: .words(RecordKind.builtIn.map(\.name))
    )
    /// `--formats DIR`: an app's format folders.
    static let formats = OptionDeclaration(
        name: "formats",
        valueName: "DIR",
        help: "An app's format folders, one per kind (shape-v<N>.json, as StateRestoreTesting records them).",
        completion: .files
    )
}

extension FlagDeclaration {
    /// `--json`: print the result as JSON.
    static let json = FlagDeclaration(name: "json", help: "Print the result as JSON.")
}
