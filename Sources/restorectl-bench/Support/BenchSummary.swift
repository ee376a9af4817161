import CSQLite
import Foundation
import JSON
import ScreenKinds
import StateRestore

/// The whole run: the workloads' results, the targets they met and missed, as JSON or a table.
struct BenchSummary {
    let mode: BenchMode
    let workloads: [JSONValue]
    let seconds: Double

    private var targets: [(workload: String, target: String, isMet: Bool)] {
        workloads.flatMap { workload -> [(String, String, Bool)] in
            guard case .string(let name)? = workload["name"], case .array(let targets)? = workload["targets"] else { return [] }
            return targets.compactMap { target in
                guard case .string(let text)? = target["target"], case .bool(let isMet)? = target["met"] else { return nil }
                return (name, text, isMet)
            }
        }
    }

    var json: JSONValue {
        let missed = targets.filter { !$0.isMet }
        return .object([
            "mode": .string(mode.name),
            "quick_reductions": mode.isQuick
                ? .string(
                    "fewer repetitions (launch \(mode.launchRepetitions), save-single \(mode.singleSaves), flush \(mode.flushRepetitions), "
                        + "shelf \(mode.shelfRepetitions), many-scenes \(mode.manyScenesRepetitions), decode \(mode.decodeRounds), "
                        + "cold-launch \(mode.coldLaunches)); migrate-scale \(mode.migrateSizes.map { "\($0 / 1_000)k" }.joined(separator: " and ")) only")
                : .null,
            "sqlite_version": .string(String(cString: sqlite3_libversion())),
            "cores": .integer(Int64(ProcessInfo.processInfo.activeProcessorCount)),
            "seconds": .double(seconds),
            "workloads": .array(workloads),
            "targets_met": .bool(missed.isEmpty),
            "missed_targets": .array(missed.map { .string("\($0.workload): \($0.target)") }),
        ])
    }

    var table: String {
        func cell(_ value: JSONValue?) -> String {
            switch value {
            case .double(let number)?: WorkloadReport.format(number)
            case .integer(let number)?: String(number)
            default: "—"
            }
        }
        func ratio(_ value: JSONValue?) -> String {
            if case .double(let number)? = value { return String(format: "%.2fx", number) }
            return "—"
        }
        let header = [
            "workload", "engine p50 ms", "engine p99 ms", "raw p50 ms", "engine/raw", "floor p50 ms", "engine/floor",
            "total p50 ms", "power-safe p50 ms", "json-file p50 ms", "user-defaults p50 ms", "peak RSS MiB",
        ]
        var rows = [header]
        for workload in workloads {
            guard case .string(let name)? = workload["name"] else { continue }
            rows.append([
                name, cell(workload["engine_p50_ms"]), cell(workload["engine_p99_ms"]), cell(workload["raw_p50_ms"]),
                ratio(workload["ratio"]), cell(workload["floor_p50_ms"]), ratio(workload["floor_ratio"]),
                cell(workload["total_p50_ms"]), cell(workload["engine_power_safe_p50_ms"]), cell(workload["json_file_p50_ms"]),
                cell(workload["user_defaults_p50_ms"]), cell(workload["peak_rss_mib"]),
            ])
        }
        let widths = header.indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        func line(_ row: [String]) -> String {
            "| "
                + row.enumerated().map { column, text in
                    column == 0
                        ? text.padding(toLength: widths[column], withPad: " ", startingAt: 0)
                        : String(repeating: " ", count: widths[column] - text.count) + text
                }.joined(separator: " | ") + " |"
        }
        var lines = [
            line(rows[0]),
            "|" + widths.enumerated().map { $0.offset == 0 ? String(repeating: "-", count: $0.element + 2) : String(repeating: "-", count: $0.element + 1) + ":" }.joined(separator: "|") + "|",
        ]
        lines += rows.dropFirst().map(line)
        lines.append("")
        for workload in workloads {
            guard case .string(let name)? = workload["name"] else { continue }
            if case .array(let sizes)? = workload["sizes"] {
                for size in sizes {
                    lines.append("\(name): \(cell(size["records"])) records in \(cell(size["seconds"])) s, peak \(cell(size["peak_rss_mib"])) MiB")
                }
            }
            if case .double(let ratio)? = workload["cost_ratio"] {
                lines.append(
                    "\(name): over an empty process (\(cell(workload["empty_p50_ms"])) ms) the engine costs \(cell(workload["engine_cost_ms"])) ms and the raw twin \(cell(workload["twin_cost_ms"])) ms (\(String(format: "%.2f", ratio))x)"
                )
            }
            if case .double(let catalog)? = workload["catalog_speed_vs_json_decoder"], case .double(let notes)? = workload["notes_speed_vs_json_decoder"],
                case .double(let zones)? = workload["zones_speed_vs_json_decoder"]
            {
                lines.append("\(name): speed against JSONDecoder: catalog \(String(format: "%.2f", catalog))x, notes \(String(format: "%.2f", notes))x, zones \(String(format: "%.2f", zones))x")
            }
            if case .double(let contractRatio)? = workload["contract_ratio"] {
                lines.append(
                    "\(name): against the contract twin (raw and the contracts' system calls, \(cell(workload["contract_p50_ms"])) ms) the engine is \(String(format: "%.2f", contractRatio))x (no target)"
                )
            }
            if case .integer(let writes)? = workload["writes_to_sqlite"] {
                lines.append(
                    "\(name): \(cell(workload["changes"])) changes over \(cell(workload["burst_seconds"])) s reached SQLite as \(writes) writes; final flush \(cell(workload["burst_flush_ms"])) ms")
            }
        }
        lines.append("")
        for target in targets {
            lines.append("\(target.isMet ? "met   " : "MISSED") \(target.workload): \(target.target)")
        }
        lines.append("")
        lines.append("mode \(mode.name), SQLite \(String(cString: sqlite3_libversion())), \(ProcessInfo.processInfo.activeProcessorCount) cores, \(String(format: "%.0f", seconds)) s")
        return lines.joined(separator: "\n")
    }
}
