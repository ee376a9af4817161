import CSQLite
import Foundation
import JSON
import ScreenKinds
import StateRestore

// restorectl-bench [--quick | --smoke] [--json] [--only NAME]
//
// Measures the engine against its raw-SQLite twin and the usual alternatives in one run, each
// workload in its own child process so peak memory is per workload. Hidden subcommands
// (`__workload`, `__shelf-memory`, `__populate`, `__migrate`, `__cold-launch`) are those children.

/// Every workload, in the order they run and print.
let workloadNames = [
    "restore-launch", "restore-launch-events", "save-single", "save-burst", "shelf-snapshot-10k", "shelf-snapshot-100k", "migrate-scale", "many-scenes", "autosave",
    "many-windows", "decode", "cold-launch", "history", "rollback",
]

func runWorkload(_ name: String, _ mode: BenchMode) throws -> WorkloadReport {
    var report: WorkloadReport
    switch name {
    case "restore-launch": report = try RestoreLaunch.run(mode)
    case "restore-launch-events": report = try RestoreLaunchEvents.run(mode)
    case "save-single": report = try SaveSingle.run(mode)
    case "save-burst": report = try SaveBurst.run(mode)
    case "shelf-snapshot-10k": report = try ShelfSnapshotWorkload.run(mode, rows: 10_000)
    case "shelf-snapshot-100k": report = try ShelfSnapshotWorkload.run(mode, rows: 100_000)
    case "migrate-scale": report = try MigrateScale.run(mode)
    case "many-scenes": report = try ManyScenes.run(mode)
    case "autosave": report = try Autosave.run(mode)
    case "many-windows": report = try ManyWindows.run(mode)
    case "decode": report = try Decode.run(mode)
    case "cold-launch": report = try ColdLaunch.run(mode)
    case "history": report = try HistoryWorkload.run(mode)
    case "rollback": report = try RollbackWorkload.run(mode)
    default: throw RawConnection.Failure(description: "unknown workload \(name)")
    }
    report.addStandardTargets()
    if report.peakResidentMiB == 0 { report.peakResidentMiB = peakResidentMiB() }
    return report
}

func main() -> Int32 {
    var arguments = Array(CommandLine.arguments.dropFirst())
    do {
        switch arguments.first {
        case "__workload":
            let mode = BenchMode(arguments: arguments)
            print(try runWorkload(arguments[1], mode).json.encoded())
            return 0
        case "__shelf-memory":
            print(try ShelfSnapshotWorkload.measureMemory(side: arguments[1], rows: Int(arguments[2]) ?? 0).encoded())
            return 0
        case "__populate":
            try MigrateScale.populate(path: arguments[1], count: Int(arguments[2]) ?? 0)
            return 0
        case "__migrate":
            try MigrateScale.migrate(path: arguments[1], count: Int(arguments[2]) ?? 0)
            return 0
        case "__cold-launch":
            try ColdLaunch.child(arguments[1], path: arguments[2])
            return 0
        default:
            break
        }
        let mode = BenchMode(arguments: arguments)
        let isJSON = arguments.contains("--json")
        var names = workloadNames
        if let only = arguments.firstIndex(of: "--only"), only + 1 < arguments.count {
            names = arguments[only + 1].split(separator: ",").map(String.init)
            arguments.removeSubrange(only...(only + 1))
        }
        if let unknown = arguments.first(where: { !["--quick", "--smoke", "--json"].contains($0) }) {
            FileHandle.standardError.write(Data("usage: restorectl-bench [--quick | --smoke] [--json] [--only NAME[,NAME…]] (unknown argument \(unknown))\n".utf8))
            return 64
        }
        // UserDefaults writes under XDG_CONFIG_HOME (and HOME): keep both in a temporary folder.
        let configHome = try Scratch("config")
        ChildProcess.environment["XDG_CONFIG_HOME"] = configHome.path("config")
        ChildProcess.environment["HOME"] = configHome.url.path
        let start = ContinuousClock.now
        var results: [JSONValue] = []
        for name in names {
            if !isJSON { FileHandle.standardError.write(Data("running \(name)…\n".utf8)) }
            // The data the last workload (or the last run) left dirty is written out first, not
            // by the kernel's writeback in the middle of this one: a run started right after
            // another timed its first workload up to 1.4 times as slow, the engine and its twins
            // alike, which shrank the launch's ratios. CI's smoke run times nothing, and beside
            // the sanitizers' builds a flush would wait for their objects.
            if mode.name != BenchMode.smoke.name { sync() }
            let output = try ChildProcess.run(["__workload", name] + mode.flags)
            results.append(try JSONValue.parse(output))
        }
        let summary = BenchSummary(mode: mode, workloads: results, seconds: (ContinuousClock.now - start).inSeconds)
        print(isJSON ? summary.json.encoded(pretty: true) : summary.table)
        return 0
    } catch {
        FileHandle.standardError.write(Data("restorectl-bench: \(error)\n".utf8))
        return 70
    }
}

exit(main())
