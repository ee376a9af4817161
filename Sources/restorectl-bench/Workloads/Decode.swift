import Foundation
import ScreenKinds
import ScreenModels
import StateRestore

/// `decode`: the record decoder against Foundation's `JSONDecoder` on the same bytes, for a
/// current-format record of every built-in kind (catalog, notes, zones).
///
/// The engine side is the restore path's decode (`RecordCodec.decode`: envelope, upgrades,
/// defaults, unknown fields, strict types); the other side is one `JSONDecoder` decoding the
/// same `Data` into the same type. One sample is one decode of each kind's record, averaged
/// over a batch, and the kinds and the two sides run interleaved in a shuffled order.
enum Decode {
    /// Decodes per timed batch: enough for a batch to last well above the clock's resolution.
    static let batch = 200

    /// The speed the issue asks of the record decoder on every kind: at least `JSONDecoder`'s.
    static let speedTarget = 1.0

    static func run(_ mode: BenchMode) throws -> WorkloadReport {
        let rounds = mode.decodeRounds
        let catalog = Data(try RecordCodec<CatalogViewState>.encode(BenchData.state(7)).utf8)
        let notes = Data(try RecordCodec<NotesState>.encode(NotesState(query: "groceries for the week", selectedNoteID: 42)).utf8)
        let zones = Data(try RecordCodec<ZonesState>.encode(ZonesState(selectedZoneID: "europe-west")).utf8)
        let kinds: [(name: String, engine: () -> Int, foundation: (JSONDecoder) throws -> Int)] = [
            (
                "catalog",
                { if case .decoded(let state, _, _) = RecordCodec<CatalogViewState>.decode(catalog) { state.selectedID ?? 0 } else { -1 } },
                { try $0.decode(CatalogViewState.self, from: catalog).selectedID ?? 0 }
            ),
            (
                "notes",
                { if case .decoded(let state, _, _) = RecordCodec<NotesState>.decode(notes) { state.selectedNoteID ?? 0 } else { -1 } },
                { try $0.decode(NotesState.self, from: notes).selectedNoteID ?? 0 }
            ),
            (
                "zones",
                { if case .decoded(let state, _, _) = RecordCodec<ZonesState>.decode(zones) { state.selectedZoneID?.count ?? 0 } else { -1 } },
                { try $0.decode(ZonesState.self, from: zones).selectedZoneID?.count ?? 0 }
            ),
        ]
        let decoder = JSONDecoder()
        // Both sides must read the same state, or the comparison means nothing.
        for kind in kinds where kind.engine() != (try kind.foundation(decoder)) || kind.engine() < 0 {
            throw RawConnection.Failure(description: "decode: the engine and JSONDecoder read \(kind.name)'s record differently")
        }
        var engine: [String: Samples] = [:]
        var foundation: [String: Samples] = [:]
        var sink = 0
        for round in 0..<(rounds + 5) {
            var variants: [() throws -> Void] = []
            for kind in kinds {
                variants.append {
                    let start = ContinuousClock.now
                    for _ in 0..<batch { sink &+= kind.engine() }
                    engine[kind.name, default: Samples()].append((ContinuousClock.now - start) / batch)
                }
                variants.append {
                    let start = ContinuousClock.now
                    for _ in 0..<batch { sink &+= try kind.foundation(decoder) }
                    foundation[kind.name, default: Samples()].append((ContinuousClock.now - start) / batch)
                }
            }
            try runShuffled(round, variants)
        }
        precondition(sink != 0)
        // One sample of either side: one decode of each kind's record.
        func summed(_ perKind: [String: Samples]) -> Samples {
            var total = Samples()
            let kindSamples = kinds.map { perKind[$0.name, default: Samples()].droppingFirst(5).milliseconds }
            for index in kindSamples[0].indices {
                total.append(.nanoseconds(Int64(kindSamples.reduce(0) { $0 + $1[index] } * 1e6)))
            }
            return total
        }
        var report = WorkloadReport(
            name: "decode", unit: "one decode of a catalog, a notes and a zones record", engine: summed(engine), raw: summed(foundation))
        // The raw column is JSONDecoder here; the issue's target for it is the speed below.
        report.rawIsOnlyAReference = true
        var extra = JSONObject()
        for kind in kinds {
            let ours = engine[kind.name, default: Samples()].droppingFirst(5).median
            let theirs = foundation[kind.name, default: Samples()].droppingFirst(5).median
            extra["\(kind.name)_engine_p50_us"] = .double(ours * 1_000)
            extra["\(kind.name)_json_decoder_p50_us"] = .double(theirs * 1_000)
            extra["\(kind.name)_speed_vs_json_decoder"] = .double(theirs / ours)
            report.targets.append(
                .init(
                    description: "\(kind.name) record decode at least \(speedTarget)x JSONDecoder's speed (got \(String(format: "%.2f", theirs / ours))x)",
                    isMet: theirs / ours >= speedTarget))
        }
        report.extra = extra
        return report
    }
}
