import Foundation
import ScreenKinds
import StateRestore

/// `restorectl portable`: a window's stored record as the portable record another device
/// lands (`restore --portable FILE` shows what it would land as). Reads only.
enum PortableCommand {
    static let spec = CommandSpec(
        name: "portable",
        abstract: "Print a window's stored state as a portable record, to land on another device.",
        discussion: """
            The portable record holds the record as stored (kind, format version, minReaderVersion), the build and device \
            that wrote it (--build, --device), logical version 1 and a checksum. A record over the budget (--budget, default \
            3072 bytes, what a Handoff activity keeps to) exits 65 naming its largest fields; so does a scene with no record \
            of the kind, or one that cannot be decoded, is over the store's limit or has expired. A record of a newer format \
            is sent as stored, for a device whose release reads it. It reads only: nothing is created, moved or written.
            """,
        usage: "restorectl portable --db PATH --scene ID [--account A] [--kind K] [--formats DIR] [--device ID] [--build B] [--budget N]",
        action: .parsing(run)
    )

    static func run(_ options: Options, console: Console) throws -> ExitCode {
        let key = try options.record.key
        let kind = try options.record.resolvedKind(commandPath: ["portable"])
        // A file the tool cannot read is refused as every reading verb refuses it (the storage's
        // errno, 74; a newer schema, 65): the restorer would report only that it could not read.
        let file = try StateDatabase.requireExistingFile(options.record.database)
        try StateDatabase.openForReading(file).close()
        let restorer = StateRestorer(file: file, configuration: .toolReading)
        defer { try? restorer.close() }
        let text = try restorer.portableText(
            of: kind, for: key, deviceID: options.device ?? "restorectl", appBuild: options.build ?? Restorectl.version,
            byteBudget: options.budget ?? PortableConfiguration.defaultByteBudget)
        console.print(text)
        return .success
    }
}
