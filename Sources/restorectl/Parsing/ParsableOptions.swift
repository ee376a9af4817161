/// A command's options as typed values: one ``Option`` or ``Flag`` property per option, or an
/// ``OptionGroup`` property for options several commands declare alike.
///
/// Each property is the option's whole declaration: name, placeholder, help and completion in
/// the attribute, type, default and required-ness in the property. The command's spec lists
/// ``declaredOptions`` in declaration order (help, usage line, completion and parser all come
/// from it), and ``parse(_:)`` fills every property, then runs ``validate()``.
///
/// ```swift
/// struct Options: ParsableOptions {
///     @Option(.database) var database: String
///     @Option(name: "to", valueName: "N", help: "Migrate up to schema version N.") var target: Int?
///     @Flag(.json) var json: Bool
/// }
/// ```
protocol ParsableOptions: Sendable {
    /// An instance whose option properties are declared but not yet parsed.
    init()

    /// Checks what no single option's type can, such as names and combinations, after every
    /// option is read and before the command runs. The default checks nothing.
    func validate() throws
}

extension ParsableOptions {
    func validate() throws {}

    /// The option properties of `value`, in declaration order, an ``OptionGroup``'s in its place.
    private static func optionProperties(of value: Any) -> [any OptionProperty] {
        var properties: [any OptionProperty] = []
        for child in Mirror(reflecting: value).children {
            if let property = child.value as? any OptionProperty {
                properties.append(property)
            } else if let group = child.value as? any OptionGroup {
                properties += optionProperties(of: group)
            }
        }
        return properties
    }

    /// The options of the command that parses into this type, in declaration order.
    static var declaredOptions: [OptionSpec] {
        optionProperties(of: Self()).map(\.spec)
    }

    /// Reads every option of `command`, whose spec declares ``declaredOptions``, then
    /// validates them; malformed values and failed checks are thrown.
    static func parse(_ command: ParsedCommand) throws -> Self {
        let options = Self()
        for property in optionProperties(of: options) {
            try property.fill(from: command)
        }
        try options.validate()
        return options
    }

    /// The options ``parse(_:)`` fills from `command`, in declaration order, so a test can
    /// check what a command reads against what its spec declares.
    static func optionsRead(parsing command: ParsedCommand) throws -> [OptionSpec] {
        try optionProperties(of: parse(command)).filter(\.isParsed).map(\.spec)
    }
}
