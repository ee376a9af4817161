/// A command's options as typed values, built once from the parsed command line.
///
/// The type declares its options once, as the cases of its ``Option`` enum: the command's
/// spec lists ``declaredOptions`` (help, usage line, completion and parser all come from it),
/// and the initializer reads through an ``OptionReader`` that takes only those cases, so an
/// option read is an option declared. The initializer validates what needs no I/O, such as
/// integers, names and kinds; it is the only place a command reads its command line.
///
/// ```swift
/// struct Options: ParsableOptions {
///     enum Option: DeclaredOption {
///         case db, json
///
///         var spec: OptionSpec {
///             switch self {
///             case .db: CommandTable.db
///             case .json: CommandTable.json
///             }
///         }
///     }
///
///     let database: String
///     let json: Bool
///
///     init(parsing command: OptionReader<Self>) throws {
///         database = try command.requiredString(.db)
///         json = try command.flag(.json)
///     }
/// }
/// ```
protocol ParsableOptions: Sendable {
    /// The options this type reads, one case each, in help order.
    associatedtype Option: DeclaredOption

    /// Reads and validates the options of one parsed command.
    init(parsing command: OptionReader<Self>) throws
}

extension ParsableOptions {
    /// Every case of ``Option`` as its spec, in declaration order: the options of the command
    /// that parses into this type.
    static var declaredOptions: [OptionSpec] { Option.allCases.map(\.spec) }

    /// The options ``init(parsing:)`` reads from `command`, in declaration order, so a test can
    /// check what a command reads against what its spec declares.
    static func optionsRead(parsing command: ParsedCommand) throws -> [OptionSpec] {
        let reader = OptionReader<Self>(command)
        _ = try Self(parsing: reader)
        return Option.allCases.filter(reader.optionsRead.contains).map(\.spec)
    }
}
