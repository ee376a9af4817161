/// What an ``Option`` shows and offers: its name, value placeholder, help line and completion.
/// Its type, and so whether it is required, comes from the property it declares.
///
/// An option several commands share is one static member, used by name:
///
/// ```swift
/// extension OptionDeclaration {
///     static let database = OptionDeclaration(name: "db", valueName: "PATH", help: "The state database file.")
/// }
///
/// @Option(.database) var database: String
/// ```
struct OptionDeclaration: Sendable {
    /// The long name without leading dashes, for example `db` for `--db`.
    let name: String
    /// The value's placeholder in help and usage, for example `PATH`.
    let valueName: String
    /// A one-line description shown in the options table.
    let help: String
    /// What shell completion offers for the value; `nil` infers it from ``valueName``
    /// (``ValueCompletion/inferred(fromValueName:)``).
    let completion: ValueCompletion?

    /// Declares an option's name, placeholder, help and completion.
    init(name: String, valueName: String, help: String, completion: ValueCompletion? = nil) {
        self.name = name
        self.valueName = valueName
        self.help = help
        self.completion = completion
    }
}

/// What a ``Flag`` shows: its name and help line.
///
/// A flag several commands share is one static member: `@Flag(.json) var json: Bool`.
struct FlagDeclaration: Sendable {
    /// The long name without leading dashes, for example `json` for `--json`.
    let name: String
    /// A one-line description shown in the options table.
    let help: String
}
