/// One option property of a ``ParsableOptions`` type, as its ``Option`` or ``Flag`` wrapper:
/// the spec it declares and how parsing fills it.
///
/// ``ParsableOptions`` finds these through `Mirror`, in declaration order, so the properties
/// themselves are the command's list of options.
protocol OptionProperty: Sendable {
    /// The option's name, kind, help, required-ness and completion.
    var spec: OptionSpec { get }
    /// Whether parsing has filled the property.
    var isParsed: Bool { get }
    /// Reads the property's value from `command`, whose spec declares ``spec``.
    func fill(from command: ParsedCommand) throws
}
