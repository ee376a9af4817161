import Foundation
import JSON
import StateRestore
import StateStore

extension FormatHistory {
    /// Restores every sample through the engine and compares each with its expectation,
    /// recording the current format's sample and missing expectations when `recording`.
    func checkSamples(recording: Bool, into report: inout FormatHistoryReport) {
        do {
            if recording { try recordCurrentSample(into: &report) }
            let samples = try folder.samples()
            if !samples.contains(where: { $0.version == State.currentVersion }) {
                report.failures.append(
                    "no sample of format \(State.currentVersion) (v\(State.currentVersion).json): run the tests once with \(FormatRecording.environmentVariable)=1 to record one from the history's `sample`"
                )
            }
            guard !samples.isEmpty else { return }
            let restored = try restore(samples)
            for (sample, restoration) in zip(samples, restored) {
                report.samplesChecked.append("\(sample.name).json")
                try check(sample, restoration, recording: recording, into: &report)
            }
        } catch {
            report.failures.append("the samples in \(folder.url.path) could not be checked: \(error.localizedDescription)")
        }
    }

    /// Writes `v<currentVersion>.json` from ``sample`` when the folder does not have it (labelled
    /// samples of the version, `v<N>-<label>.json`, are others).
    private func recordCurrentSample(into report: inout FormatHistoryReport) throws {
        let version = State.currentVersion
        guard !FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("v\(version).json").path) else { return }
        let text = try RecordCodec<State>.encode(sample ?? State.defaultValue)
        let pretty = try JSONValue.parse(text).encoded(pretty: true, sortedKeys: true) + "\n"
        try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
        try Data(pretty.utf8).write(to: folder.url.appendingPathComponent("v\(version).json"), options: .atomic)
        report.recorded.append("v\(version).json")
    }

    /// Saves each sample's text as the record of its own scene in a fresh database file, then
    /// restores them all with one restorer, as a launch would.
    private func restore(_ samples: [FormatSample]) throws -> [Restoration<State>] {
        let temporary = FileManager.default.temporaryDirectory.appendingPathComponent("format-history-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: temporary) }
        let path = temporary.appendingPathComponent("state.sqlite").path
        let store = try StateDatabase.openForWriting(path)
        do {
            for (position, sample) in samples.enumerated() {
                let text = try String(contentsOf: sample.url, encoding: .utf8)
                // A sample that is not a record at all is stored too: its restore reports it.
                let header = try? RecordHeader(of: RecordHeader.parseObject(Array(text.utf8)))
                try store.saveRecord(
                    text, version: header?.version ?? sample.version, minReaderVersion: header?.minReaderVersion, account: "default", scene: "sample-\(position + 1)",
                    kind: State.kind)
            }
        } catch {
            store.close()
            throw error
        }
        store.close()
        let restorer = StateRestorer(path: path)
        defer { try? restorer.close() }
        return try samples.indices.map { position in
            let restored = restorer.restore(State.self, try SceneKey(scene: "sample-\(position + 1)"))
            restorer.completeRestore(restored)
            return restored
        }
    }

    /// Compares one sample's restoration with its expectation, or records the expectation.
    private func check(_ sample: FormatSample, _ restoration: Restoration<State>, recording: Bool, into report: inout FormatHistoryReport) throws {
        let file = "\(sample.name).json"
        let expectationFile = "\(sample.name).expected.json"
        let codes = restoration.report.map(\.code.rawValue)
        let actualState = try JSONValueEncoder().encode(restoration.state)
        try checkVersion(of: sample, checkingShape: !restoration.reports(.recordUnreadable), into: &report)
        guard FileManager.default.fileExists(atPath: sample.expectationURL.path) else {
            if recording {
                try Data(SampleExpectation(state: actualState, codes: codes).fileText.utf8).write(to: sample.expectationURL, options: .atomic)
                report.recorded.append(expectationFile)
            } else if restoration.reports(.recordUnreadable) || restoration.reports(.recordNewerUnreadable) {
                report.failures.append("\(file) does not restore: \(restoration.report.map(\.detail).joined(separator: "; "))")
            } else {
                report.notes.append("\(file) has no \(expectationFile): only checked to restore (codes: \(codes.isEmpty ? "none" : codes.joined(separator: ", ")))")
            }
            return
        }
        let expectation: SampleExpectation
        do {
            expectation = try SampleExpectation(json: FormatFolder.readJSON(sample.expectationURL))
        } catch RestoreError.invalidFormatFile(_, let reason) {
            report.failures.append("\(expectationFile): \(reason)")
            return
        }
        if let expected = expectation.codes, expected != codes {
            if try fillsOnlyFieldsAddedSince(expectation, sample: sample, expected: expected, actual: codes) {
                // A field added within the format since the expectation was recorded: allowed.
                if recording {
                    try Data(SampleExpectation(state: actualState, codes: codes).fileText.utf8).write(to: sample.expectationURL, options: .atomic)
                    report.recorded.append(expectationFile)
                } else {
                    report.notes.append(
                        "\(file) now restores with defaults-applied for fields added since \(expectationFile) was recorded: allowed; run with \(FormatRecording.environmentVariable)=1 to record it"
                    )
                }
                return
            }
            report.failures.append(
                "\(file) restores with the codes [\(codes.joined(separator: ", "))], but \(expectationFile) expects [\(expected.joined(separator: ", "))]"
                    + (restoration.report.isEmpty ? "" : " (\(restoration.report.map { "\($0.code): \($0.detail)" }.joined(separator: "; ")))"))
        }
        if var expected = expectation.state {
            // Laid over the default as the engine lays records: a field added within the
            // format since the expectation was recorded takes its default there too.
            if case .object(let given) = expected, case .object(let defaults) = try JSONValueEncoder().encode(State.defaultValue) {
                var filled: [String] = []
                expected = .object(given.laid(over: defaults, filled: &filled))
            }
            let expectedState: State
            do {
                expectedState = try JSONValueDecoder().decode(State.self, from: expected)
            } catch {
                report.failures.append("\(expectationFile): its \"state\" is not a \(typeName) (\(RestoreError(error).localizedDescription))")
                return
            }
            if expectedState != restoration.state {
                let differences = JSONDifference.lines(expected: expected, actual: actualState)
                report.failures.append(
                    "\(file) restores to a state other than \(expectationFile) expects:\n"
                        + (differences.isEmpty ? ["the states differ, but encode alike"] : differences).map { "    \($0)" }.joined(separator: "\n"))
            }
        }
    }

    /// Whether `actual` differs from `expected` only by a `defaults-applied` for fields the
    /// expectation's state does not name: fields added to the format after it was recorded.
    private func fillsOnlyFieldsAddedSince(_ expectation: SampleExpectation, sample: FormatSample, expected: [String], actual: [String]) throws -> Bool {
        let code = RestoreCode.defaultsApplied.rawValue
        guard actual.contains(code), !expected.contains(code), actual.filter({ $0 != code }) == expected, case .object(let state)? = expectation.state,
            case .decoded(_, let provenance, _) = RecordCodec<State>.decode(try Data(contentsOf: sample.url))
        else { return false }
        return provenance.defaultsApplied.allSatisfy { path in
            var value: JSONValue? = .object(state)
            for key in path.split(separator: ".") { value = value?[String(key)] }
            return value == nil
        }
    }

    /// A sample's name gives its format: `v2-….json` must hold a record of version 2, which fits
    /// that version's locked shape where the folder has one (unless it is meant not to decode).
    private func checkVersion(of sample: FormatSample, checkingShape: Bool, into report: inout FormatHistoryReport) throws {
        let file = "\(sample.name).json"
        guard let object = try? RecordHeader.parseObject(Data(contentsOf: sample.url)), let header = try? RecordHeader(of: object) else { return }
        if header.version != sample.version {
            report.failures.append("\(file) holds a record of version \(header.version), but its name says \(sample.version): name it v\(header.version)….json")
            return
        }
        guard checkingShape, let format = try? folder.format(version: sample.version) else { return }
        let misfits = format.shape.violations(in: .object(RecordHeader.body(of: object)))
        if !misfits.isEmpty {
            report.failures.append("\(file) does not fit \(KindFormat.fileName(version: sample.version)): \(misfits.joined(separator: "; "))")
        }
    }
}
