import ScreenKinds
import Testing

@testable import StateRestore

/// The generic record codec every app kind uses: versions, upgrades, defaults at any depth,
/// unknown fields, newer records.
@Suite struct RecordCodecTests {
    typealias Codec = RecordCodec<LayoutState>

    @Test func absentFieldsAtAnyDepthTakeTheDefaultAndAreListedByPath() throws {
        let decoding = Codec.decode(Array(#"{"version":3,"title":"Plan","layout":{"columns":4}}"#.utf8))
        let expected = LayoutState(title: "Plan", layout: .init(columns: 4, spacing: 8.0), pinnedID: nil, tags: [])
        #expect(decoding == .decoded(expected, RecordProvenance(sourceVersion: 3, defaultsApplied: ["layout.spacing", "pinnedID", "tags"]), unknownFields: [:]))
    }

    @Test func olderRecordIsUpgradedOneStepAtATimeOldestFirstThenDefaulted() throws {
        let decoding = Codec.decode(Array(#"{"title":"Old","columns":5,"colour":"blue"}"#.utf8))
        guard case .decoded(let state, let provenance, let unknown) = decoding else {
            Issue.record("not decoded: \(decoding)")
            return
        }
        #expect(state == LayoutState(title: "Old", layout: .init(columns: 5, spacing: 8.0), pinnedID: nil, tags: []))
        #expect(provenance == RecordProvenance(sourceVersion: 1, defaultsApplied: ["layout.spacing", "pinnedID", "tags"]))
        #expect(unknown == ["colour": "blue", "upgradeTrail": [1, 2]])
    }

    @Test func unknownTopLevelFieldsAreCarriedAndWrittenBackAfterTheStatesOwn() throws {
        let text = #"{"version":3,"future":{"x":[1,2]},"title":"T","layout":{"columns":1,"spacing":2.5},"pinnedID":7,"tags":["a"]}"#
        guard case .decoded(let state, _, let unknown) = Codec.decode(Array(text.utf8)) else {
            Issue.record("not decoded")
            return
        }
        #expect(unknown == ["future": ["x": [1, 2]]])
        let written = try Codec.encode(state, carrying: unknown)
        #expect(written == #"{"version":3,"minReaderVersion":2,"title":"T","layout":{"columns":1,"spacing":2.5},"pinnedID":7,"tags":["a"],"future":{"x":[1,2]}}"#)
        #expect(Codec.decode(Array(written.utf8)) == .decoded(state, RecordProvenance(sourceVersion: 3), unknownFields: unknown))
    }

    @Test func absentOptionalIsWrittenAsNullSoEveryFieldIsListed() throws {
        #expect(try Codec.encode(LayoutState.defaultValue) == #"{"version":3,"minReaderVersion":2,"title":"Untitled","layout":{"columns":2,"spacing":8.0},"pinnedID":null,"tags":[]}"#)
    }

    @Test func newerRecordIsReadThroughItsMinReaderVersionAndOtherwiseLeftAlone() throws {
        let readable = #"{"version":5,"minReaderVersion":3,"title":"N","layout":{"columns":3,"spacing":1},"tags":[],"pinnedID":null,"v5":true}"#
        guard case .decoded(let state, let provenance, let unknown) = Codec.decode(Array(readable.utf8)) else {
            Issue.record("not decoded")
            return
        }
        #expect(state.title == "N" && state.layout == .init(columns: 3, spacing: 1))
        #expect(provenance.readThroughMinReaderVersion == 3 && provenance.sourceVersion == 5)
        #expect(unknown == ["v5": true, "version": 5, "minReaderVersion": 3], "the envelope rides with the unknown fields, so a save keeps it")
        #expect(Codec.decode(Array(#"{"version":5,"minReaderVersion":4,"title":1}"#.utf8)) == .newer(version: 5, minReaderVersion: 4))
        #expect(Codec.decode(Array(#"{"version":5}"#.utf8)) == .newer(version: 5, minReaderVersion: nil))
    }

    @Test(
        "a record that does not fit the type is unreadable, naming the field by its path",
        arguments: [
            (#"{"version":3,"title":5}"#, #"field "title": expected a string, got integer 5"#),
            (#"{"version":3,"layout":{"columns":"two"}}"#, #"field "layout.columns": expected an integer, got string "two""#),
            (#"{"version":3,"tags":["a",null]}"#, #"field "tags[1]": expected a string, got null"#),
            (#"{"version":3,"layout":null}"#, #"field "layout": expected an object, got null"#),
            (#"{"version":2,"layout":"refuse"}"#, "the upgrade from format 2 failed: the layout cannot be upgraded"),
            (#"{"version":"3"}"#, #"field "version" must be an integer ≥ 1, got string "3""#),
            ("[1]", "record must be a JSON object, got array"),
        ])
    func unreadableRecordsNameTheProblem(text: String, message: String) {
        guard case .unreadable(let error) = Codec.decode(Array(text.utf8)) else {
            Issue.record("decoded: \(text)")
            return
        }
        #expect(error.localizedDescription == message)
    }

    @Test func saveValidationAcceptsKnownVersionsThatDecodeAndNewerOnesAsTheyAre() throws {
        let newer = #"{"version":9,"anything":"goes"}"#
        let accepted = try Codec.validateForSave(Array(newer.utf8))
        #expect(accepted.kind == "layout" && accepted.version == 9 && accepted.payload == newer && accepted.isNewerThanThisBuild)
        #expect(throws: RestoreError.invalidField(field: "title", reason: "expected a string, got integer 5")) {
            try Codec.validateForSave(Array(#"{"version":3,"title":5}"#.utf8))
        }
        #expect(throws: RestoreError.minReaderVersionNewerThanVersion(minReaderVersion: 4, version: 3)) {
            try Codec.validateForSave(Array(#"{"version":3,"minReaderVersion":4}"#.utf8))
        }
    }

    @Test func nonFiniteNumbersCannotBeEncoded() {
        var state = LayoutState.defaultValue
        state.layout.spacing = .infinity
        #expect(throws: RestoreError.self) { try Codec.encode(state) }
    }

    /// A kind no other test restores, so this process's shape of it is this test's alone.
    struct PanelState: RestorableState {
        struct Size: Codable, Equatable, Sendable {
            var width: Int
        }
        static let kind = "panel"
        static let currentVersion = 1
        static let defaultValue = PanelState(title: "", size: Size(width: 1), pinned: nil)
        var title: String
        var size: Size
        var pinned: Bool?
    }

    /// A record whose every field, at every depth, is one the encoded default writes has no
    /// unknown field, so restoring it derives no shape (a probing decode); the first record
    /// with a field the default lacks derives it and carries what the shape does not know.
    @Test func aRecordTheDefaultCoversIsRestoredWithoutDerivingTheShape() throws {
        let covered = RecordCodec<PanelState>.decode(Array(#"{"version":1,"title":"a","size":{"width":3}}"#.utf8))
        #expect(covered == .decoded(PanelState(title: "a", size: .init(width: 3), pinned: nil), RecordProvenance(sourceVersion: 1, defaultsApplied: ["pinned"]), unknownFields: [:]))
        #expect(KnownShapes.known(PanelState.self) == nil, "no shape was derived")

        let uncovered = RecordCodec<PanelState>.decode(Array(#"{"version":1,"title":"a","size":{"width":3,"depth":2},"pinned":true}"#.utf8))
        #expect(
            uncovered == .decoded(PanelState(title: "a", size: .init(width: 3), pinned: true), RecordProvenance(sourceVersion: 1, defaultsApplied: []), unknownFields: ["size": ["depth": 2]]))
        #expect(KnownShapes.known(PanelState.self) != nil, "the shape was derived for the record that needed it")
    }
}
