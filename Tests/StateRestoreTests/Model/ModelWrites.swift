/// The records other builds of ``ModelNote`` write, as text and as the model holds them.
enum ModelWrites {
    /// What `build` writes, the `serial`-th write of the sequence, at `time`.
    static func record(_ build: ModelOperation.Build, serial: Int, at time: Double) -> ContractModel.Record {
        let selected = serial % 8
        switch build {
        case .older:
            let note = ModelNote(title: "old\(serial)", selected: selected, pinned: false)
            return .init(version: 1, minReaderVersion: nil, body: .raw(#"{"version":1,"title":"old\#(serial)","selected":\#(selected)}"#, build, note), updatedAt: time)
        case .newerReadable:
            let note = ModelNote(title: "new\(serial)", selected: selected, pinned: true)
            return .init(version: 3, minReaderVersion: 2, body: .fields(note, extra: "x\(serial)"), updatedAt: time)
        case .newerUndecodable:
            return .init(
                version: 3, minReaderVersion: 2, body: .raw(#"{"version":3,"minReaderVersion":2,"title":\#(serial)}"#, build, .defaultValue), updatedAt: time)
        case .unsupported:
            return .init(
                version: 4, minReaderVersion: 3, body: .raw(#"{"version":4,"minReaderVersion":3,"title":"future\#(serial)","shape":"round"}"#, build, .defaultValue),
                updatedAt: time)
        case .corrupt:
            return .init(version: 2, minReaderVersion: nil, body: .raw(#"{"version":2,"title":"broken\#(serial)"#, build, .defaultValue), updatedAt: time)
        }
    }

    /// The text of a newer build's readable record.
    static func text(of record: ContractModel.Record) -> String {
        switch record.body {
        case .raw(let text, _, _): return text
        case .fields(let note, let extra):
            var fields = [#""version":\#(record.version)"#]
            if let minimum = record.minReaderVersion { fields.append(#""minReaderVersion":\#(minimum)"#) }
            fields.append(#""title":"\#(note.title)""#)
            if let selected = note.selected { fields.append(#""selected":\#(selected)"#) }
            fields.append(#""pinned":\#(note.pinned)"#)
            if let extra { fields.append(#""extra":"\#(extra)""#) }
            return "{" + fields.joined(separator: ",") + "}"
        }
    }
}
