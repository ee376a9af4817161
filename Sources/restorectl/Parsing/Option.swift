/// Declares an option that takes a value, in one place: its name, placeholder, help and
/// completion in the attribute, its type and default in the property.
///
/// The property's type says how the option is read:
///
/// ```swift
/// @Option(.database) var database: String                       // required: --db PATH
/// @Option(.account) var account: String?                        // optional: [--account A]
/// @Option(.account) var account = StoreNames.defaultAccount     // optional with a default
/// @Option(name: "to", valueName: "N", help: "…") var target: Int?  // an integer, checked
/// @Option(name: "scene", valueName: "ID", help: "…") var scenes: [String]  // repeatable
/// ```
///
/// A non-optional property without a default is required; the parser reports it missing.
/// Values are read by the type's ``OptionValue`` conformance, whose errors name the option.
@propertyWrapper
struct Option<Value: Sendable>: OptionProperty {
    /// The option as help, usage, completion and the parser see it; required when the
    /// property is neither optional nor defaulted, repeatable when it is an array.
    let spec: OptionSpec
    /// Reads the value from a parsed command line.
    private let read: @Sendable (ParsedCommand, OptionSpec) throws -> Value
    /// The value parsing gave this property.
    private let storage = ParsedValue<Value>()

    /// The value given on the command line, or the default.
    var wrappedValue: Value { storage.value }

    var isParsed: Bool { storage.isSet }

    func fill(from command: ParsedCommand) throws {
        storage.set(try read(command, spec))
    }

    /// Sets the spec and the reader; the initializers below choose them by the property's type.
    private init(
        _ declaration: OptionDeclaration,
        isRequired: Bool,
        isRepeatable: Bool = false,
        read: @escaping @Sendable (ParsedCommand, OptionSpec) throws -> Value
    ) {
        spec = .value(
            declaration.name,
            valueName: declaration.valueName,
            help: declaration.help,
            isRequired: isRequired,
            isRepeatable: isRepeatable,
            completion: declaration.completion
        )
        self.read = read
    }
}

extension Option where Value: OptionValue {
    /// A required option: the command line must give it.
    init(_ declaration: OptionDeclaration) {
        self.init(declaration, isRequired: true) { command, spec in
            guard let text = try command.string(spec) else {
                throw UsageError(command: command.commandName, kind: .missingRequiredOption(spec.spelling))
            }
            return try Value(argument: text, for: spec, in: command.commandName)
        }
    }

    init(name: String, valueName: String, help: String, completion: ValueCompletion? = nil) {
        self.init(OptionDeclaration(name: name, valueName: valueName, help: help, completion: completion))
    }

    /// An option that is `wrappedValue` when the command line does not give it.
    init(wrappedValue: Value, _ declaration: OptionDeclaration) {
        self.init(declaration, isRequired: false) { command, spec in
            try command.string(spec).map { try Value(argument: $0, for: spec, in: command.commandName) } ?? wrappedValue
        }
    }

    init(wrappedValue: Value, name: String, valueName: String, help: String, completion: ValueCompletion? = nil) {
        self.init(wrappedValue: wrappedValue, OptionDeclaration(name: name, valueName: valueName, help: help, completion: completion))
    }
}

extension Option {
    /// An optional option: `nil` when the command line does not give it.
    init<Wrapped: OptionValue>(_ declaration: OptionDeclaration) where Value == Wrapped? {
        self.init(declaration, isRequired: false) { command, spec in
            try command.string(spec).map { try Wrapped(argument: $0, for: spec, in: command.commandName) }
        }
    }

    init<Wrapped: OptionValue>(name: String, valueName: String, help: String, completion: ValueCompletion? = nil) where Value == Wrapped? {
        self.init(OptionDeclaration(name: name, valueName: valueName, help: help, completion: completion))
    }

    /// A repeatable option: every value given, in order; empty when none is.
    init<Element: OptionValue>(_ declaration: OptionDeclaration) where Value == [Element] {
        self.init(declaration, isRequired: false, isRepeatable: true) { command, spec in
            try command.strings(spec).map { try Element(argument: $0, for: spec, in: command.commandName) }
        }
    }

    init<Element: OptionValue>(name: String, valueName: String, help: String, completion: ValueCompletion? = nil) where Value == [Element] {
        self.init(OptionDeclaration(name: name, valueName: valueName, help: help, completion: completion))
    }
}
