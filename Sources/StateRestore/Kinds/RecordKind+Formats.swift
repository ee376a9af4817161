import Foundation
import JSON
import StateStore

extension RecordKind {
    /// The kind a format folder describes, without its type: what the tool knows of an app's
    /// kind from the folder StateRestoreTesting records (`restorectl --formats DIR`).
    ///
    /// ```swift
    /// let inbox = try RecordKind(formats: FormatFolder(formatsURL.appendingPathComponent("inbox")))
    /// let report = try DatabaseCheck.run(path, kinds: [inbox])
    /// ```
    ///
    /// Its records are read from data alone: the envelope first; a record of the newest
    /// recorded format, or read as it through its `minReaderVersion`, must fit that format's
    /// shape; an older one must fit its own format's shape when the folder holds it, and is
    /// `RecordCondition.unchecked(_:)` otherwise. An older record is never upgraded (the steps
    /// are the app's code): restoring it lays the current default over it as stored and says so
    /// (`record-not-upgraded`). The kind is restored without a document and never moves or
    /// rewrites a record: the app's own restore decides about the quarantine. Migrations leave
    /// its records as they are.
    ///
    /// - Throws: ``RestoreError/invalidFormatFile(path:reason:)`` when a `shape-v<N>.json` is not
    ///   a format, names another kind than the folder, or the folder holds none; the file
    ///   system's error when the folder cannot be read.
    package init(formats folder: FormatFolder) throws {
        let formats = try folder.formats()
        let name = folder.url.lastPathComponent
        guard !formats.isEmpty else {
            throw RestoreError.invalidFormatFile(path: folder.url.path, reason: "the folder holds no shape-v<N>.json")
        }
        for format in formats where format.kind != name {
            throw RestoreError.invalidFormatFile(
                path: folder.url.appendingPathComponent(KindFormat.fileName(version: format.version)).path,
                reason: "it describes kind \"\(format.kind)\", but its folder is named \"\(name)\"")
        }
        guard (try? StoreNames.validatedKind(name)) != nil else {
            throw RestoreError.invalidFormatFile(path: folder.url.path, reason: "\"\(name)\" is not a kind name (1 to 64 characters of a-z, 0-9 and -)")
        }
        let codec = FormatRecordCodec(formats: formats)
        self.init(
            name: name, currentVersion: codec.current.version, condition: { record, now in codec.read(record.payload, savedAt: record.updatedAt, now: now).condition },
            validation: { bytes throws(RestoreError) in try codec.validateForSave(bytes) },
            restoring: DocumentContext { restorer, key in codec.restore(key, with: restorer) },
            landing: { portable in DocumentContext { restorer, key in codec.land(portable, key, with: restorer) } },
            shapes: Dictionary(formats.map { ($0.version, $0.shape) }, uniquingKeysWith: { first, _ in first }))
    }

    /// The kinds of the format folders in `url`, by name: each folder holding a
    /// `shape-v<N>.json` is one kind (``init(formats:)``); other files and folders are skipped.
    ///
    /// - Throws: ``RestoreError/invalidFormatFile(path:reason:)`` for a malformed format file;
    ///   the file system's error when `url` cannot be read.
    package static func kinds(fromFormatsIn url: URL) throws -> [RecordKind] {
        let entries = try FileManager.default.contentsOfDirectory(at: url, includingPropertiesForKeys: [.isDirectoryKey])
        var kinds: [RecordKind] = []
        for entry in entries.sorted(by: { $0.lastPathComponent < $1.lastPathComponent }) {
            guard (try? entry.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true else { continue }
            let names = try FileManager.default.contentsOfDirectory(atPath: entry.path)
            guard names.contains(where: { $0.hasPrefix("shape-v") && $0.hasSuffix(".json") }) else { continue }
            kinds.append(try RecordKind(formats: FormatFolder(entry)))
        }
        return kinds
    }
}
