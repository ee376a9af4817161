/// Describes one `--long-name` option of a command: either a flag or an option that takes a value.
///
/// The parser, the help text, the usage line and the completion scripts all read these. A
/// command does not write them: each ``Option`` or ``Flag`` property of its options type makes
/// one (``ParsableOptions/declaredOptions``), its required-ness coming from the property's type.
/// A spec that only describes, as in the parser's tests, can be written directly:
///
/// ```swift
/// let options: [OptionSpec] = [
///     .value("db", valueName: "PATH", help: "The state database file.", isRequired: true),
///     .value("to", valueName: "N", help: "Migrate up to schema version N."),
///     .flag("json", help: "Print machine-readable output."),
/// ]
/// ```
struct OptionSpec: Sendable, Equatable {
    /// Whether an option is a flag or takes a value.
    enum Kind: Sendable, Equatable {
        /// A switch that is present or absent, such as `--json`.
        case flag
        /// An option followed by a value, such as `--db PATH`; `valueName` is shown in help.
        case value(valueName: String)
    }

    /// The long name without leading dashes, for example `db` for `--db`.
    let name: String
    let kind: Kind
    /// A one-line description shown in the options table.
    let help: String
    /// Whether the command fails with a usage error when the option is missing.
    let isRequired: Bool
    /// Whether the option may be given more than once; otherwise a repeat is a usage error.
    let isRepeatable: Bool
    /// What shell completion offers for the value; ``ValueCompletion/none`` for a flag.
    let completion: ValueCompletion

    /// Declares an option that takes a value, such as `--db PATH`.
    ///
    /// Shell completion offers file names for a `FILE` or `PATH` value unless `completion`
    /// says otherwise (see ``ValueCompletion/inferred(fromValueName:)``).
    static func value(
        _ name: String,
        valueName: String,
        help: String,
        isRequired: Bool = false,
        isRepeatable: Bool = false,
        completion: ValueCompletion? = nil
    ) -> OptionSpec {
        OptionSpec(
            name: name,
            kind: .value(valueName: valueName),
            help: help,
            isRequired: isRequired,
            isRepeatable: isRepeatable,
            completion: completion ?? .inferred(fromValueName: valueName)
        )
    }

    /// Declares a flag, such as `--json`. Flags are never required.
    static func flag(_ name: String, help: String, isRepeatable: Bool = false) -> OptionSpec {
        OptionSpec(name: name, kind: .flag, help: help, isRequired: false, isRepeatable: isRepeatable, completion: .none)
    }

    var takesValue: Bool {
        if case .value = kind { return true }
        return false
    }

    /// The option as typed on the command line, for example `--db`.
    var spelling: String { "--\(name)" }

    /// Whether the option's value is a path: its placeholder is, or offers, `PATH`, `FILE` or
    /// `DIR` (`FILE|-` too), or its completion offers file names (`move --to NEW`).
    var takesPath: Bool {
        guard case .value(let valueName) = kind else { return false }
        return completion == .files || valueName.split(separator: "|").contains { ["PATH", "FILE", "DIR"].contains($0) }
    }

    /// The option with its value placeholder, for example `--db PATH` or `--json`.
    var synopsis: String {
        switch kind {
        case .flag: spelling
        case .value(let valueName): "\(spelling) \(valueName)"
        }
    }
}
