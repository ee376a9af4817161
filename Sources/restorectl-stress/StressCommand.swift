import StateStore

/// A subcommand with its validated arguments. Every argument is explicit: the tests decide
/// paths, counts and names, so a failing run can be repeated by hand from the test's message.
enum StressCommand: Equatable {
    /// Saves `count` records numbered from `start` round-robin over `scenes` scenes.
    case saveLoop(db: String, account: String, scenePrefix: String, scenes: Int, start: Int, count: Int)
    /// `threads` threads, each with its own store, save `count` records to shared and own scenes.
    case writers(db: String, threads: Int, count: Int, id: Int)
    /// Creates a database at schema version `upTo` holding `records` version-1 records.
    case makeLarge(db: String, records: Int, upTo: Int)
    /// Opens the database with `Store`, migrating it to the latest version.
    case migrate(db: String)
    /// Restores (and completes) the `completing` scenes, then restores `scene` with the same
    /// `StateRestorer`, printing each outcome, and dies by SIGKILL.
    case restoreThenCrash(db: String, scene: String, account: String, completing: [String], document: String)
    /// Restores `scene` (the parent made the file unreadable), persists a change, then, after
    /// the parent's `go` on stdin (the file readable again), flushes and prints what happened.
    case saveAfterUnavailable(db: String, scene: String)
    /// Prints whether another process holds a lock on the file (`held <pid>` or `free`).
    case lockProbe(db: String)
    /// Restores `scene` of `account`, waits for the parent's sign-out (`go`), then saves.
    case saveAfterSignOut(db: String, account: String, scene: String)
    /// One app launch restoring (and completing) `scene`'s catalog; prints the outcome as JSON.
    case launch(db: String, scene: String, document: String)
    /// Takes part in a model-based sequence: one operation a line on stdin (`ModelChild`).
    case modelChild(db: String, build: String?, isExtension: Bool)
    /// An extension's `count` hand saves, each between a resume and a suspend (`ExtensionSaves`).
    case extensionSaves(db: String, count: Int)

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
            self = .saveLoop(
                db: try options.string("--db"), account: try options.string("--account"),
                scenePrefix: try options.string("--scene-prefix"), scenes: try options.int("--scenes", minimum: 1),
                start: try options.int("--start", minimum: 0), count: try options.int("--count", minimum: 0)
            )
        case "writers":
            self = .writers(
                db: try options.string("--db"), threads: try options.int("--threads", minimum: 1),
                count: try options.int("--count", minimum: 0), id: try options.int("--id", minimum: 0)
            )
        case "make-large":
            self = .makeLarge(db: try options.string("--db"), records: try options.int("--records", minimum: 0), upTo: try options.int("--upTo", minimum: 1))
        case "migrate":
            self = .migrate(db: try options.string("--db"))
        case "restore-then-crash":
            self = .restoreThenCrash(
                db: try options.string("--db"), scene: try options.string("--scene"),
                account: options.optionalString("--account") ?? StoreNames.defaultAccount,
                completing: options.optionalString("--completing").map { $0.split(separator: ",").map(String.init) } ?? [],
                document: try options.string("--document")
            )
        case "save-after-unavailable":
            self = .saveAfterUnavailable(db: try options.string("--db"), scene: try options.string("--scene"))
        case "lock-probe":
            self = .lockProbe(db: try options.string("--db"))
        case "save-after-sign-out":
            self = .saveAfterSignOut(db: try options.string("--db"), account: try options.string("--account"), scene: try options.string("--scene"))
        case "launch":
            self = .launch(db: try options.string("--db"), scene: try options.string("--scene"), document: try options.string("--document"))
        case "model-child":
            let role = options.optionalString("--role") ?? "app"
            guard role == "app" || role == "extension" else { throw StressUsageError(message: "--role takes app or extension, not \(role)") }
            self = .modelChild(db: try options.string("--db"), build: options.optionalString("--build"), isExtension: role == "extension")
        case "extension-saves":
            self = .extensionSaves(db: try options.string("--db"), count: try options.int("--count", minimum: 0))
        default:
            throw StressUsageError(message: "unknown subcommand \(name)")
        }
        if let unused = options.remainingNames.first { throw StressUsageError(message: "unknown option \(unused) for \(name)") }
    }

    /// Runs the subcommand, printing its protocol lines.
    func run() throws {
        switch self {
        case .saveLoop(let db, let account, let prefix, let scenes, let start, let count):
            try SaveLoop(path: db, account: account, scenePrefix: prefix, scenes: scenes).run(from: start, count: count)
        case .writers(let db, let threads, let count, let id):
            try Writers(path: db, threads: threads, count: count, writerID: id).run()
        case .makeLarge(let db, let records, let upTo):
            try LargeDatabase.make(path: db, records: records, upTo: upTo)
        case .migrate(let db):
            try MigrateCommand.run(path: db)
        case .saveAfterUnavailable(let db, let scene):
            try SaveAfterUnavailable(path: db, scene: scene).run()
        case .restoreThenCrash(let db, let scene, let account, let completing, let document):
            try RestoreThenCrash(path: db, scene: scene, account: account, completing: completing, documentPath: document).run()
        case .lockProbe(let db):
            try LockProbe.run(path: db)
        case .saveAfterSignOut(let db, let account, let scene):
            try SaveAfterSignOut(path: db, account: account, scene: scene).run()
        case .launch(let db, let scene, let document):
            try Launch(path: db, scene: scene, documentPath: document).run()
        case .modelChild(let db, let build, let isExtension):
            ModelChild(path: db, build: build, role: isExtension ? .appExtension : .app).run()
        case .extensionSaves(let db, let count):
            try ExtensionSaves(path: db, count: count).run()
        }
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
