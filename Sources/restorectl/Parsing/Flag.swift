/// Declares a flag, such as `--json`, in one place: `@Flag(name: "dry-run", help: "…") var isDryRun: Bool`.
///
/// The property is `true` when the command line gives the flag. Flags are never required and
/// never take a value.
@propertyWrapper
struct Flag: OptionProperty {
    /// The flag as help, usage, completion and the parser see it.
    let spec: OptionSpec
    /// Whether parsing found the flag.
    private let storage = ParsedValue<Bool>()

    /// Whether the command line gives the flag.
    var wrappedValue: Bool { storage.value }

    var isParsed: Bool { storage.isSet }

    /// Declares a flag by a shared declaration: `@Flag(.json) var json: Bool`.
    init(_ declaration: FlagDeclaration) {
        spec = .flag(declaration.name, help: declaration.help)
    }

    init(name: String, help: String) {
        self.init(FlagDeclaration(name: name, help: help))
    }

    func fill(from command: ParsedCommand) throws {
        storage.set(try command.flag(spec))
    }
}
