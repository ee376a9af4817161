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
    static let kind = kindOption { "The record kind: \($0), or an app's kind in --formats (default: catalog)." }
    /// `--kind K` of the listing commands, where absent means every kind.
    static let kindFilter = kindOption { "Only records of this kind: \($0), or any other kind name (default: every kind)." }
    /// `--kind K` of the history verbs: required, any kind name (its records are not decoded).
    static let historyKind = kindOption { "The record kind: \($0), or any other kind name." }
    /// `--formats DIR`: an app's format folders.
    static let formats = OptionDeclaration(
        name: "formats",
        valueName: "DIR",
        help: "An app's format folders, one per kind (shape-v<N>.json, as StateRestoreTesting records them).",
        completion: .files
    )

    /// A `--kind K` whose help line `help` makes from the built-in kinds' names, joined by
    /// commas; completion offers those names.
    private static func kindOption(help: (String) -> String) -> OptionDeclaration {
        let names = RecordKind.builtIn.map(\.name)
        return OptionDeclaration(name: "kind", valueName: "K", help: help(names.joined(by: ", ")), completion: .words(names))
    }
}

extension FlagDeclaration {
    /// `--json`: print the result as JSON.
    static let json = FlagDeclaration(name: "json", help: "Print the result as JSON.")
}
