/// Options several commands declare alike, as one type: a ``ParsableOptions`` type holds the
/// group as a stored property, and the group's ``Option`` and ``Flag`` properties stand in the
/// command's list of options where that property does (help, usage, completion and parsing
/// see one list, as if the command declared them itself).
///
/// ```swift
/// struct Options: ParsableOptions {
///     let record = RecordOptions(namesMayBeStored: true)   // --db, --scene, …
///     @Flag(.json) var json: Bool
/// }
/// ```
protocol OptionGroup: Sendable {}
