/// One option a ``ParsableOptions`` type reads: a case of its `Option` enum, with the
/// ``OptionSpec`` that describes it.
///
/// The enum is the type's whole declaration of options. Its cases, in order, are the
/// command's options in help order (``ParsableOptions/declaredOptions``), the switch in
/// ``spec`` gives every case a spec, and ``OptionReader`` reads only cases, so a command
/// cannot read an option it does not declare:
///
/// ```swift
/// enum Option: DeclaredOption {
///     case db, to
///
///     var spec: OptionSpec {
///         switch self {
///         case .db: CommandTable.db
///         case .to: .value("to", valueName: "N", help: "Migrate up to schema version N.")
///         }
///     }
/// }
/// ```
protocol DeclaredOption: CaseIterable, Hashable, Sendable {
    /// The option's name, kind, help and completion.
    var spec: OptionSpec { get }
}
