import JSON
import ScreenKinds
import StateRestore

/// One workload's measurements, as printed in the table and the JSON output.
struct WorkloadReport {
    /// A target the issue sets, and whether this run met it.
    struct Target {
        var description: String
        var isMet: Bool
    }

    var name: String
    /// What one measured operation is ("one cold restore", "save of one scene"…).
    var unit: String
    var engine: Samples
    var raw: Samples?
    /// The floor twin: the raw work on a minimal table (see `FloorTwin`).
    var floor: Samples?
    /// The whole restore (restore-launch only).
    var total: Samples?
    /// The whole restore's phases, in order (restore-launch only).
    var phases: [(name: String, samples: Samples)] = []
    /// Alternatives measured on the same data: "json-file", "user-defaults".
    var alternatives: [(name: String, samples: Samples)] = []
    var peakResidentMiB = 0.0
    var extra: JSONObject = JSONObject()
    var targets: [Target] = []
    /// The raw column is shown for reference but is no target (autosave's hand save: every
    /// observed autosave pays an observation re-arm and a main-actor hop the hand save does not).
    var rawIsOnlyAReference = false

    var ratio: Double? { raw.map { engine.median / $0.median } }

    /// Engine against the floor twin.
    var floorRatio: Double? { floor.map { engine.median / $0.median } }

    /// The ratio to the floor the issue sets for `save-single` (issue 40: 1.10, from 1.15).
    static let floorRatioLimit = 1.10

    /// The ratio limit the issue sets for every workload with a raw twin.
    static let ratioLimit = 1.3

    /// Adds the targets every workload shares: within 1.3× of raw, faster than alternatives.
    mutating func addStandardTargets() {
        if let ratio, !rawIsOnlyAReference {
            targets.insert(.init(description: "within \(Self.ratioLimit)x of raw (got \(String(format: "%.2f", ratio))x)", isMet: ratio <= Self.ratioLimit), at: 0)
        }
        for (name, samples) in alternatives {
            targets.append(.init(description: "faster than \(name) (\(Self.format(engine.median)) vs \(Self.format(samples.median)) ms)", isMet: engine.median < samples.median))
        }
    }

    static func format(_ milliseconds: Double) -> String {
        milliseconds >= 100 ? String(format: "%.0f", milliseconds) : milliseconds >= 10 ? String(format: "%.1f", milliseconds) : String(format: "%.3f", milliseconds)
    }

    var json: JSONValue {
        var object: JSONObject = [
            "name": .string(name),
            "unit": .string(unit),
            "samples": .integer(Int64(engine.count)),
            "engine_p50_ms": .double(engine.median),
            "engine_p99_ms": .double(engine.p99),
            "engine_ops_per_s": .double(1_000 / engine.median),
        ]
        if let raw {
            object["raw_p50_ms"] = .double(raw.median)
            object["raw_p99_ms"] = .double(raw.p99)
            object["ratio"] = .double(ratio ?? .nan)
        }
        if let floor {
            object["floor_p50_ms"] = .double(floor.median)
            object["floor_p99_ms"] = .double(floor.p99)
            object["floor_ratio"] = .double(floorRatio ?? .nan)
        }
        if let total {
            object["total_p50_ms"] = .double(total.median)
            object["total_p99_ms"] = .double(total.p99)
            object["total_ratio"] = .double(total.median / engine.median)
        }
        if !phases.isEmpty {
            var phaseObject = JSONObject()
            for (name, samples) in phases { phaseObject["\(name)_p50_ms"] = .double(samples.median) }
            object["phases"] = .object(phaseObject)
        }
        for (name, samples) in alternatives {
            let key = name.replacingOccurrences(of: "-", with: "_")
            object["\(key)_p50_ms"] = .double(samples.median)
            object["\(key)_p99_ms"] = .double(samples.p99)
        }
        object["peak_rss_mib"] = .double(peakResidentMiB)
        for (key, value) in extra { object[key] = value }
        object["targets"] = .array(targets.map { .object(["target": .string($0.description), "met": .bool($0.isMet)]) })
        return .object(object)
    }
}
