import Foundation

// restorectl-fuzz TARGET [ARGS...]
//
// Built with `-Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING`, it hands ARGS to libFuzzer
// (corpus folders, -max_total_time=N …). Built normally, it replays every file or folder in
// ARGS through the same checks, so crash inputs kept in Fixtures/ stay regression tests.

let arguments = CommandLine.arguments
guard arguments.count >= 2, let target = FuzzTarget(rawValue: arguments[1]) else {
    FileHandle.standardError.write(Data("usage: restorectl-fuzz (\(FuzzTarget.allCases.map(\.rawValue).joined(separator: "|"))) [FILE|DIR ...]\n".utf8))
    exit(64)
}
selectedTarget = target

#if FUZZING
    // libFuzzer sees the program name followed by ARGS (the target name removed).
    var fuzzerArguments = [arguments[0]] + arguments.dropFirst(2)
    var argc = Int32(fuzzerArguments.count)
    var cStrings = fuzzerArguments.map { strdup($0) } + [nil]
    exit(
        cStrings.withUnsafeMutableBufferPointer { buffer in
            var argv = buffer.baseAddress!
            return runLibFuzzerDriver(&argc, &argv) { data, size in fuzzOneInput(data, size) }
        })
#else
    var files: [String] = []
    for path in arguments.dropFirst(2) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            FileHandle.standardError.write(Data("restorectl-fuzz: \(path): no such file\n".utf8))
            exit(66)
        }
        if isDirectory.boolValue {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
            files += names.sorted().map { (path as NSString).appendingPathComponent($0) }
        } else {
            files.append(path)
        }
    }
    for file in files {
        guard let data = FileManager.default.contents(atPath: file) else { continue }
        data.withUnsafeBytes { target.run($0) }
    }
    print("restorectl-fuzz \(target.rawValue): \(files.count) input(s) replayed without a failure")
#endif
