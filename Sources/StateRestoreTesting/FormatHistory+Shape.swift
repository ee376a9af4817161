import Foundation
import JSON
import StateRestore

extension FormatHistory {
    /// Compares the type's current format with the folder's lock of `currentVersion`.
    func checkShape(recording: Bool, into report: inout FormatHistoryReport) {
        let version = State.currentVersion
        let lockName = KindFormat.fileName(version: version)
        let current: KindFormat
        let locks: [KindFormat]
        do {
            current = try KindFormat(current: State.self)
            locks = try folder.formats()
        } catch {
            report.failures.append(error.localizedDescription)
            return
        }
        for lock in locks where lock.kind != State.kind {
            report.failures.append("\(KindFormat.fileName(version: lock.version)) is a format of kind \"\(lock.kind)\", not \"\(State.kind)\": each kind has its own folder")
        }
        for lock in locks where lock.version > version {
            report.failures.append(
                "\(KindFormat.fileName(version: lock.version)) locks format \(lock.version), but `\(typeName).currentVersion` is \(version): a released format cannot be taken back; bump `currentVersion` past it"
            )
        }
        guard let locked = locks.first(where: { $0.version == version }) else {
            if recording {
                write(current, as: lockName, into: &report)
            } else {
                let previous = locks.last.map { " (the last locked format is \($0.version))" } ?? ""
                report.failures.append(
                    "no \(lockName) locks format \(version) of \(typeName)\(previous): run the tests once with \(FormatRecording.environmentVariable)=1 to record it, and commit the folder"
                )
            }
            return
        }
        let changes = RecordShape.changes(from: locked.shape, to: current.shape, defaults: locked.defaultRecord)
        let breaking = changes.filter(\.isBreaking)
        for change in breaking {
            report.failures.append("\(change.description(qualifiedBy: typeName)) but `currentVersion` is still \(version): \(fix(for: change))")
        }
        var allowed = changes.filter { !$0.isBreaking }.map { $0.description(qualifiedBy: typeName) }
        if locked.minReaderVersion != current.minReaderVersion {
            allowed.append("`\(typeName).minReaderVersion` changed from \(locked.minReaderVersion) to \(current.minReaderVersion)")
        }
        // Compared as sorted text: a file's members are in sorted order, the encoder's in declaration order.
        if JSONValue.object(locked.defaultRecord).encoded(sortedKeys: true) != JSONValue.object(current.defaultRecord).encoded(sortedKeys: true) {
            allowed.append("`\(typeName).defaultValue` changed")
        }
        guard !allowed.isEmpty else { return }
        if recording && breaking.isEmpty {
            write(current, as: lockName, into: &report)
            report.notes += allowed.map { "\($0): allowed within format \(version), recorded into \(lockName)" }
        } else {
            report.notes += allowed.map {
                "\($0): allowed within format \(version)\(breaking.isEmpty ? "; run with \(FormatRecording.environmentVariable)=1 to record it into \(lockName)" : "")"
            }
        }
    }

    /// What to do about a breaking change.
    private func fix(for change: ShapeChange) -> String {
        let step = "bump it and add an upgrade step (`upgrade(_:from: \(State.currentVersion))`)"
        switch change.kind {
        case .removed: return "\(step) that renames or drops it, or put the field back"
        case .added: return "make it optional, or \(step)"
        default: return "\(step) that rewrites old records"
        }
    }

    func write(_ format: KindFormat, as name: String, into report: inout FormatHistoryReport) {
        do {
            try folder.write(format)
            report.recorded.append(name)
        } catch {
            report.failures.append("\(name) could not be written in \(folder.url.path): \(error.localizedDescription)")
        }
    }
}
