import Foundation
import JSON
import ScreenKinds
import StateRestore
import StateStore
import TestSupport
import Testing

/// Runs every regression case in `Fixtures/cases/`: a new case is a new folder, not new code.
///
/// With `RESTORECTL_RECORD_FIXTURES=1` the expected stdout files are rewritten from the actual
/// output instead of compared. The expected files are the specification: read every rewritten
/// file against the restore rules before committing it.
@Suite struct FixtureCaseTests {
    @Test func everyCaseFolderHasACaseFile() throws {
        let folders = try FileManager.default.contentsOfDirectory(atPath: PackageFolders.cases.path).filter { !$0.hasPrefix(".") }
        #expect(!folders.isEmpty)
        #expect(Set(folders) == Set(FixtureCase.allNames()))
    }

    @Test(arguments: FixtureCase.allNames())
    func regressionCase(_ name: String) throws {
        let fixture = try FixtureCase(named: name)
        let stateFile = try StateFile()
        let normalizer = FixtureNormalizer(databasePath: stateFile.path, temporaryFolder: stateFile.folder.url.path)
        try prepare(fixture.setup, of: fixture, at: stateFile.path)

        for (index, step) in fixture.steps.enumerated() {
            let number = index + 1
            let context = "\(name) step \(number) (\(step.arguments.prefix(1).joined()))"
            let arguments = step.arguments.map { substitute($0, db: stateFile.path, in: fixture) }
            let before = FileManager.default.contents(atPath: stateFile.path)
            let listingBefore = try listing(stateFile.folder)
            let input = try step.standardInput.map { try Data(contentsOf: URL(fileURLWithPath: fixture.resolve($0))) } ?? Data()

            let run = CapturedRun(arguments, input: input)

            #expect(run.exitCode == step.exitCode, "\(context): exit \(run.exitCode), stderr: \(run.stderr)")
            let stderr = normalizer.normalize(text: run.stderr)
            if step.stderrContains.isEmpty {
                #expect(stderr.isEmpty, "\(context): unexpected stderr: \(stderr)")
            } else {
                #expect(stderr.split(separator: "\n").count == 1, "\(context): errors are one line: \(stderr)")
            }
            for fragment in step.stderrContains {
                #expect(stderr.contains(fragment), "\(context): stderr lacks \"\(fragment)\": \(stderr)")
            }
            let stdout = normalizer.normalize(text: run.stdout)
            if step.isStdoutEmpty { #expect(stdout.isEmpty, "\(context): stdout not empty: \(stdout)") }
            for fragment in step.stdoutContains {
                #expect(stdout.contains(fragment), "\(context): stdout lacks \"\(fragment)\": \(stdout)")
            }
            if let expectedFile = step.expectedStdout {
                try compare(stdout, with: fixture.resolve(expectedFile), normalizer: normalizer, context: context)
            }
            try check(step.files, fixture: fixture, db: stateFile.path, before: before, listingBefore: listingBefore, dir: stateFile.folder, context: context)
        }
    }

    // MARK: Setup

    private func prepare(_ setup: FixtureCase.Setup, of fixture: FixtureCase, at db: String) throws {
        if let script = setup.database {
            let sql = try String(contentsOfFile: fixture.resolve(script), encoding: .utf8)
            let database = try Database(path: db)
            try database.executeScript(sql)
            database.close()
        }
        if let file = setup.file {
            try FileManager.default.copyItem(atPath: fixture.resolve(file), toPath: db)
        }
        if setup.emptyFile {
            #expect(FileManager.default.createFile(atPath: db, contents: Data()))
        }
        for record in setup.records {
            var arguments = ["save", "--db", db, "--scene", record.scene, "--state", fixture.resolve(record.state)]
            if let account = record.account { arguments += ["--account", account] }
            if let kind = record.kind { arguments += ["--kind", kind] }
            let run = CapturedRun(arguments)
            try #require(run.exitCode == 0, "\(fixture.name): setup save of \(record.state) failed: \(run.stderr)")
        }
    }

    private func substitute(_ argument: String, db: String, in fixture: FixtureCase) -> String {
        if argument == "$DB" { return db }
        if argument.hasPrefix("$FIXTURES/") || argument.hasPrefix("$CASE/") {
            return fixture.resolve(argument.hasPrefix("$CASE/") ? String(argument.dropFirst("$CASE/".count)) : argument)
        }
        return argument
    }

    // MARK: Expectations

    private func compare(_ stdout: String, with expectedPath: String, normalizer: FixtureNormalizer, context: String) throws {
        let actual: JSONValue
        do {
            actual = normalizer.normalize(json: try JSONValue.parse(Data(stdout.utf8)))
        } catch {
            Issue.record("\(context): stdout is not JSON: \(stdout)")
            return
        }
        if PackageFolders.isRecording {
            try (actual.encoded(pretty: true) + "\n").write(toFile: expectedPath, atomically: true, encoding: .utf8)
            return
        }
        let expectedData = try #require(FileManager.default.contents(atPath: expectedPath), "\(context): no expected file \(expectedPath)")
        let expected = try JSONValue.parse(expectedData)
        if let difference = JSONComparison.difference(actual, expected) {
            Issue.record("\(context): \(difference)\nactual output:\n\(actual.encoded(pretty: true))")
        }
    }

    private func check(
        _ files: FixtureCase.FileExpectations, fixture: FixtureCase, db: String, before: Data?,
        listingBefore: [String], dir: TemporaryDirectory, context: String
    ) throws {
        if files.isDatabaseUnchanged {
            #expect(FileManager.default.contents(atPath: db) == before, "\(context): \(db) changed")
        }
        if files.hasNoNewFiles {
            #expect(try listing(dir) == listingBefore, "\(context): files appeared or vanished")
        }
        if let exists = files.databaseExists {
            #expect(FileManager.default.fileExists(atPath: db) == exists, "\(context): database file exists: \(!exists)")
        }
        if files.hasCorruptCopyOfInput {
            let copies = try listing(dir).filter { $0.hasPrefix("state.sqlite.corrupt-") && !$0.hasSuffix("-wal") && !$0.hasSuffix("-shm") }
            #expect(copies.count == 1, "\(context): corrupt copies: \(copies)")
            let input = try #require(fixture.setup.file.map { FileManager.default.contents(atPath: fixture.resolve($0)) } ?? nil, "\(context): corruptCopyOfInput needs a setup file")
            if let copy = copies.first {
                #expect(dir.contents(copy) == input, "\(context): \(copy) is not byte-identical to the input")
            }
        }
    }

    private func listing(_ dir: TemporaryDirectory) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: dir.url.path).sorted()
    }
}
