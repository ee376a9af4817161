import Foundation
import JSON
import ScreenKinds
import ScreenModels
import StateRestore
import StateStore

/// `rollback`: 1,000 scenes over 10 accounts whose records build "1.1" wrote over build
/// "1.0"'s, rolled back by build in one transaction (`StateRestorer.rollBack(kind:writtenBy:)`),
/// then forth again (a rollback of "1.0"'s, which the first one put back): each sample is one
/// rollback of all 1,000 scenes.
enum RollbackWorkload {
    static func run(_ mode: BenchMode) throws -> WorkloadReport {
        let scratch = try Scratch("rollback")
        let path = scratch.path("engine.sqlite")
        let keys = try (0..<10).flatMap { account in try (0..<100).map { try SceneKey(scene: "scene-\($0)", account: "account-\(account)") } }
        for (build, offset) in [("1.0", 0), ("1.1", 1)] {
            var configuration = DatabaseConfiguration()
            configuration.appBuild = build
            let writer = StateRestorer(path: path, configuration: configuration)
            for (index, key) in keys.enumerated() {
                try writer.save(HistoryWorkload.Kept(state: BenchData.state(index + offset)), for: key)
            }
            try writer.close()
        }
        var configuration = DatabaseConfiguration()
        configuration.appBuild = "1.2"
        let restorer = StateRestorer(path: path, configuration: configuration)
        var engine = Samples()
        for round in 0..<(mode.isQuick ? 10 : 40) {
            let build = round % 2 == 0 ? "1.1" : "1.0"
            let result = try engine.time { try restorer.rollBack(kind: HistoryWorkload.Kept.self, writtenBy: build) }
            guard result.rolledBack.count == keys.count else {
                throw RawConnection.Failure(description: "rollback of \(build) put back \(result.rolledBack.count) of \(keys.count) scenes")
            }
        }
        try restorer.close()
        var report = WorkloadReport(name: "rollback", unit: "one rollback of 1,000 scenes by build, in one transaction", engine: engine)
        report.extra = ["scenes": .integer(Int64(keys.count))]
        return report
    }
}
