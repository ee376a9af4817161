import StateRestore
import StateRestoreTesting
import Testing

/// The diagnosis article's code, run as an app runs it: statistics and events of an upgraded
/// release's first launches.
@Suite struct DiagnosisTests {
    @Test func anUpgradedRecordIsCountedAndReachesTheAppsLogWithoutItsNames() throws {
        let file = try TemporaryStateFile()
        let key = try SceneKey(scene: "reader-window")
        let library = [7: 300]
        let release1 = StateRestorer(path: file.path)
        try release1.save(ReaderStateV1(bookID: 7, pageNumber: 42), for: key)
        try release1.close()

        try expectUpgradedReaderIsDiagnosed(path: file.path, key: key, library: library)

        let lines = ReceivedValues<String>()
        let next = makeRestorer(statePath: file.path, hashKey: Array("kept in the keychain".utf8)) { level, line in lines.append("\(level) \(line)") }
        _ = next.restore(ReaderState.self, key, against: library)
        #expect(diagnosisSummary(next) { _, line in lines.append(line) }.hasPrefix("reader: restores: upgraded 1"))
        try next.close()
        let logged = lines.all
        #expect(logged.count == 1 && logged[0].hasPrefix("debug restore upgraded reader "), "\(logged)")
        // Named by hashes under the key the app keeps: the same at every launch, never the names.
        let names = RestoreEventHandler(hashKey: Array("kept in the keychain".utf8)) { _ in }
        #expect(logged[0].contains("\(names.hash("default"))/\(names.hash("reader-window"))") && !logged[0].contains("reader-window"))
    }
}

/// An app's test of its restorer's diagnosis: the upgraded record is counted, and its event
/// reaches the test's own handler.
func expectUpgradedReaderIsDiagnosed(path: String, key: SceneKey, library: [Int: Int]) throws {
    let log = ReceivedValues<RestoreEvent>()
    let restorer = StateRestorer(path: path, events: RestoreEventHandler { event in log.append(event) })
    defer { try? restorer.close() }
    let restored = restorer.restore(ReaderState.self, key, against: library)
    #expect(restorer.statistics[kind: "reader"][.upgraded].count == 1)
    #expect(log.all.map(\.restoreOutcome) == [.upgraded])
    #expect(restored.state.page == 42)
}
