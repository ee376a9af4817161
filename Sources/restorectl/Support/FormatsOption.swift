import Foundation
import ScreenKinds
import StateRestore

/// The `--formats DIR` option: an app's kinds, read from the format folders its tests record.
enum FormatsOption {
    /// The kinds the tool knows: the built-in ones, then the kinds of the format folders in
    /// `folder` (the value of `--formats`, nil when absent) whose names are not built in (the
    /// tool has the built-in kinds' code). A missing folder is exit 66, a malformed format file
    /// or a folder that holds no kind exit 65.
    static func kinds(in folder: String?) throws -> [RecordKind] {
        guard let folder else { return RecordKind.builtIn }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) else {
            throw CommandFailure(.noInput, "formats \(folder): no such directory")
        }
        guard isDirectory.boolValue else { throw CommandFailure(.dataError, "formats \(folder): not a directory") }
        let url = URL(fileURLWithPath: folder, isDirectory: true)
        let appKinds: [RecordKind]
        do {
            if try FileManager.default.contentsOfDirectory(atPath: folder).contains(where: { $0.hasPrefix("shape-v") && $0.hasSuffix(".json") }) {
                throw CommandFailure(
                    .dataError, "formats \(folder): it is one kind's folder (it holds shape-v<N>.json); give the folder above it, which holds one folder per kind")
            }
            appKinds = try RecordKind.kinds(fromFormatsIn: url)
        } catch let failure as CommandFailure {
            throw failure
        } catch let error as RestoreError where error.isShapeProblem {
            throw CommandFailure(.dataError, "invalid formats \(folder): \(error.localizedDescription)")
        } catch {
            throw CommandFailure(.ioError, "formats \(folder): cannot be read: \(error.localizedDescription)")
        }
        guard !appKinds.isEmpty else {
            throw CommandFailure(.dataError, "formats \(folder): no kind folders in it (a kind's folder holds shape-v<N>.json)")
        }
        return RecordKind.builtIn + appKinds.filter { RecordKind.builtIn(named: $0.name) == nil }
    }
}
