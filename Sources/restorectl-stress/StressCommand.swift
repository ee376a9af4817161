import StateStore

/// A subcommand with its validated arguments, ready to run. Every argument is explicit: the
/// tests decide paths, counts and names, so a failing run can be repeated by hand from the
/// test's message. Each subcommand's type says what it does and prints (`SaveLoop`, `Writers`,
/// `LargeDatabase`, `MigrateCommand`, `RestoreThenCrash`, `SaveAfterUnavailable`, `LockProbe`,
/// `SaveAfterSignOut`, `Launch`, `ModelChild`, `ExtensionSaves`).
struct StressCommand {
    /// Runs the subcommand, printing its protocol lines.
    let run: () throws -> Void

    static let usage = """
        usage: restorectl-stress save-loop --db PATH --account A --scene-prefix P --scenes K --start N --count M
               restorectl-stress writers --db PATH --threads T --count M --id W
               restorectl-stress make-large --db PATH --records N --upTo V
               restorectl-stress migrate --db PATH
               restorectl-stress restore-then-crash --db PATH --scene S [--account A] [--completing S1,S2…] --document FILE
               restorectl-stress save-after-unavailable --db PATH --scene S
               restorectl-stress lock-probe --db PATH
               restorectl-stress save-after-sign-out --db PATH --account A --scene S
               restorectl-stress launch --db PATH --scene S --document FILE
               restorectl-stress model-child --db PATH [--build B] [--role app|extension]
               restorectl-stress extension-saves --db PATH --count M
        """

    /// Parses `subcommand --name value …`; every option appears once, and all but `--account`
    /// and `--completing` are required.
    init(parsing arguments: [String]) throws(StressUsageError) {
        guard let name = arguments.first else { throw StressUsageError(message: "missing subcommand") }
        var options = try Options(parsing: arguments.dropFirst())
        switch name {
        case "save-loop":
            let loop = SaveLoop(
                path: try options.string("--db"), account: try options.string("--account"),
                scenePrefix: try options.string("--scene-prefix"), scenes: try options.int("--scenes", minimum: 1))
            let (start, count) = (try options.int("--start", minimum: 0), try options.int("--count", minimum: 0))
            run = { try loop.run(from: start, count: count) }
        case "writers":
            let writers = Writers(
                path: try options.string("--db"), threads: try options.int("--threads", minimum: 1),
                count: try options.int("--count", minimum: 0), writerID: try options.int("--id", minimum: 0))
            run = writers.run
        case "make-large":
            let (path, records, version) = (try options.string("--db"), try options.int("--records", minimum: 0), try options.int("--upTo", minimum: 1))
            run = { try LargeDatabase.make(path: path, records: records, upTo: version) }
        case "migrate":
            let path = try options.string("--db")
            run = { try MigrateCommand.run(path: path) }
        case "restore-then-crash":
            let crash = RestoreThenCrash(
                path: try options.string("--db"), scene: try options.string("--scene"),
                account: options.optionalString("--account") ?? StoreNames.defaultAccount,
                completing: options.optionalString("--completing").map { $0.split(separator: ",").map(String.init) } ?? [],
                documentPath: try options.string("--document"))
            run = { try crash.run() }
        case "save-after-unavailable":
            run = SaveAfterUnavailable(path: try options.string("--db"), scene: try options.string("--scene")).run
        case "lock-probe":
            let path = try options.string("--db")
            run = { try LockProbe.run(path: path) }
        case "save-after-sign-out":
            run = SaveAfterSignOut(path: try options.string("--db"), account: try options.string("--account"), scene: try options.string("--scene")).run
        case "launch":
            run = Launch(path: try options.string("--db"), scene: try options.string("--scene"), documentPath: try options.string("--document")).run
        case "model-child":
            let role = options.optionalString("--role") ?? "app"
            guard role == "app" || role == "extension" else { throw StressUsageError(message: "--role takes app or extension, not \(role)") }
            run = ModelChild(path: try options.string("--db"), build: options.optionalString("--build"), role: role == "extension" ? .appExtension : .app).run
        case "extension-saves":
            run = ExtensionSaves(path: try options.string("--db"), count: try options.int("--count", minimum: 0)).run
        default:
            throw StressUsageError(message: "unknown subcommand \(name)")
        }
        if let unused = options.remainingNames.first { throw StressUsageError(message: "unknown option \(unused) for \(name)") }
    }
}

/// `--name value` pairs, consumed as the subcommand reads them.
private struct Options {
    private var values: [String: String] = [:]

    init(parsing arguments: ArraySlice<String>) throws(StressUsageError) {
        var remaining = arguments[...]
        while let name = remaining.popFirst() {
            guard name.hasPrefix("--") else { throw StressUsageError(message: "expected an option, found \(name)") }
            guard let value = remaining.popFirst() else { throw StressUsageError(message: "\(name) needs a value") }
            guard values.updateValue(value, forKey: name) == nil else { throw StressUsageError(message: "\(name) given twice") }
        }
    }

    var remainingNames: [String] { values.keys.sorted() }

    mutating func string(_ name: String) throws(StressUsageError) -> String {
        guard let value = values.removeValue(forKey: name) else { throw StressUsageError(message: "missing \(name)") }
        return value
    }

    mutating func optionalString(_ name: String) -> String? {
        values.removeValue(forKey: name)
    }

    mutating func int(_ name: String, minimum: Int) throws(StressUsageError) -> Int {
        let text = try string(name)
        guard let value = Int(text), value >= minimum else {
            throw StressUsageError(message: "\(name) must be an integer of at least \(minimum), not \(text)")
        }
        return value
    }
}
