import JSON
import ScreenKinds
import ScreenModels
import Testing

@testable import StateRestore

@Suite("CatalogRecordCodec encoding")
struct CatalogRecordCodecEncodingTests {
    @Test("records encode in the current format with a fixed key order")
    func recordsEncodeInCurrentFormat() {
        let record = CatalogRecord(
            query: "dune \"messiah\"",
            selectedID: 12,
            showsOnlySelected: true,
            viewport: CatalogViewport(anchorID: 12, offset: 0.5, before: [11], after: [13, 14]),
            unknownFields: ["zeta": 1, "alpha": ["nested": true]]
        )
        #expect(
            CatalogRecordCodec.encode(record) == #"""
                {"version":3,"query":"dune \"messiah\"","selectedID":12,"showsOnlySelected":true,\#
                "viewport":{"anchorID":12,"offset":0.5,"before":[11],"after":[13,14]},"zeta":1,"alpha":{"nested":true}}
                """#)
        #expect(
            CatalogRecordCodec.encode(CatalogRecord())
                == #"{"version":3,"query":"","selectedID":null,"showsOnlySelected":false,"viewport":null}"#)
    }

    @Test(
        "unknown fields survive decode then encode in their original order",
        arguments: [
            (
                #"{"b":[1,{"c":null}],"query":"q","a":"x","selectedID":4}"#,
                #"{"version":3,"query":"q","selectedID":4,"showsOnlySelected":false,"viewport":null,"b":[1,{"c":null}],"a":"x"}"#
            ),
            (
                #"{"version":2,"extra":2.5,"showsOnlySelected":true,"more":"y"}"#,
                #"{"version":3,"query":"","selectedID":null,"showsOnlySelected":true,"viewport":null,"extra":2.5,"more":"y"}"#
            ),
            (
                #"{"version":3,"pinned":[1,2],"viewport":{"anchorID":1,"offset":0.75,"before":[],"after":[2]}}"#,
                #"{"version":3,"query":"","selectedID":null,"showsOnlySelected":false,"viewport":{"anchorID":1,"offset":0.75,"before":[],"after":[2]},"pinned":[1,2]}"#
            ),
        ])
    func unknownFieldsSurviveRoundTrip(stored: String, rewritten: String) {
        guard case .decoded(let record, _) = CatalogRecordCodec.decode(stored) else {
            Issue.record("expected a decoded record")
            return
        }
        #expect(CatalogRecordCodec.encode(record) == rewritten)
    }

    @Test("a newer record read through minReaderVersion is rewritten as the format it is, never lowered")
    func newerRecordIsRewrittenAsItsOwnFormat() throws {
        let stored = #"{"version":5,"minReaderVersion":2,"query":"q","future":{"x":1},"viewport":null}"#
        guard case .decoded(let record, let provenance) = CatalogRecordCodec.decode(stored) else {
            Issue.record("expected a decoded record")
            return
        }
        #expect(
            provenance
                == CatalogRecordProvenance(
                    sourceVersion: 5, defaultsApplied: ["selectedID", "showsOnlySelected"], readThroughMinReaderVersion: 2))
        let rewritten = CatalogRecordCodec.encode(record)
        #expect(rewritten == #"{"version":5,"minReaderVersion":2,"query":"q","selectedID":null,"showsOnlySelected":false,"viewport":null,"future":{"x":1}}"#)
        #expect(try CatalogRecordCodec.validateForSave(rewritten).version == 5)
    }

    @Test("fields the current format defines are never written twice from unknown fields")
    func reservedUnknownFieldsAreNotWritten() throws {
        let record = CatalogRecord(
            query: "real",
            unknownFields: ["version": 9, "minReaderVersion": 9, "query": "stale", "viewport": [1], "kept": true]
        )
        let encoded = CatalogRecordCodec.encode(record)
        #expect(encoded == #"{"version":3,"query":"real","selectedID":null,"showsOnlySelected":false,"viewport":null,"kept":true}"#)
        #expect(throws: Never.self) { try JSONValue.parse(encoded) }

        // A v1 record carrying a v2 field keeps it as unknown on read; the rewrite keeps the record's own value.
        guard case .decoded(let old, _) = CatalogRecordCodec.decode(#"{"query":"a","showsOnlySelected":true}"#) else {
            Issue.record("expected a decoded record")
            return
        }
        #expect(CatalogRecordCodec.encode(old) == #"{"version":3,"query":"a","selectedID":null,"showsOnlySelected":false,"viewport":null}"#)
    }

    @Test(
        "offsets and neighbours are brought into range so the output always validates",
        arguments: [
            (Double.nan, 0.0), (.infinity, 1), (-.infinity, 0), (1.5, 1), (-0.5, 0), (0.3, 0.3),
        ] as [(Double, Double)])
    func viewportIsBroughtIntoRange(offset: Double, written: Double) throws {
        let record = CatalogRecord(viewport: CatalogViewport(anchorID: 1, offset: offset, before: [2, 3, 4, 5], after: [6, 7, 8, 9]))
        let encoded = CatalogRecordCodec.encode(record)
        #expect(try CatalogRecordCodec.validateForSave(encoded).version == 3)
        guard case .decoded(let decoded, _) = CatalogRecordCodec.decode(encoded) else {
            Issue.record("expected a decoded record")
            return
        }
        #expect(decoded.viewport == CatalogViewport(anchorID: 1, offset: written, before: [2, 3, 4], after: [6, 7, 8]))
    }

    @Test(
        "encoding then decoding gives back the record",
        arguments: [
            CatalogRecord(),
            CatalogRecord(query: "ünïcødé 😀\n\t\"", selectedID: .min, showsOnlySelected: true),
            CatalogRecord(selectedID: .max, viewport: CatalogViewport(anchorID: 0, offset: 1, before: [-1], after: [])),
            CatalogRecord(viewport: CatalogViewport(anchorID: 3, offset: 0.123456789012345, before: [2, 1, 0], after: [4])),
            CatalogRecord(unknownFields: ["x": [1, 2.5, "s", nil, true, ["k": [:]]]]),
        ])
    func encodingRoundTrips(record: CatalogRecord) throws {
        let encoded = CatalogRecordCodec.encode(record)
        #expect(CatalogRecordCodec.decode(encoded) == .decoded(record, CatalogRecordProvenance(sourceVersion: 3)))
        #expect(try CatalogRecordCodec.validateForSave(encoded) == ValidatedRecord(kind: "catalog", currentVersion: 3, version: 3, minReaderVersion: nil, payload: encoded))
    }
}
