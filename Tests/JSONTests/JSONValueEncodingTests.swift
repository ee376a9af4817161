import Testing

@testable import JSON

@Suite("JSONValue encoding")
struct JSONValueEncodingTests {
    @Test(
        "values encode compactly by default",
        arguments: [
            (JSONValue.null, "null"),
            (.bool(true), "true"),
            (.integer(-42), "-42"),
            (.integer(.min), "-9223372036854775808"),
            (.double(1), "1.0"),
            (.double(0.1), "0.1"),
            (.double(-0.0), "-0.0"),
            (.double(1e16), "1e+16"),
            (.double(2.5e-7), "2.5e-07"),
            (.double(.greatestFiniteMagnitude), "1.7976931348623157e+308"),
            (.string("a\"b\\c/d"), #""a\"b\\c/d""#),
            (.string("\n\r\t\u{8}\u{C}\u{0}\u{1F}\u{7F}"), #""\n\r\t\b\f\u0000\u001f"# + "\u{7F}\""),
            (.string("é😀\u{2028}"), "\"é😀\u{2028}\""),
            (.array([]), "[]"),
            (.object([:]), "{}"),
            (["b": 1, "a": [true, nil]], #"{"b":1,"a":[true,null]}"#),
        ] as [(JSONValue, String)])
    func valuesEncodeCompactly(value: JSONValue, expected: String) {
        #expect(value.encoded() == expected)
    }

    @Test(
        "non-finite doubles encode as null so the output stays valid JSON",
        arguments: [
            Double.infinity, -.infinity, .nan,
        ])
    func nonFiniteDoublesEncodeAsNull(double: Double) throws {
        let encoded = JSONValue.array([.double(double)]).encoded()
        #expect(encoded == "[null]")
        #expect(try JSONValue.parse(encoded) == [nil])
    }

    @Test("pretty output indents by two spaces")
    func prettyOutputIndents() {
        let value: JSONValue = ["b": [1, 2], "a": [:], "c": []]
        #expect(
            value.encoded(pretty: true) == """
                {
                  "b": [
                    1,
                    2
                  ],
                  "a": {},
                  "c": []
                }
                """)
    }

    @Test("sorted keys order members by their UTF-8 bytes at every level")
    func sortedKeysOrderMembers() {
        let value: JSONValue = ["b": ["z": 1, "y": 2], "a": 1, "B": 0, "é": 3]
        #expect(value.encoded(sortedKeys: true) == #"{"B":0,"a":1,"b":{"y":2,"z":1},"é":3}"#)
    }

    @Test(
        "encoding then parsing gives back the same value",
        arguments: [
            #"{"id":1,"title":"T","nested":[[],[{}],{"x":-0.5e-3}],"n":null,"big":9223372036854775807}"#,
            #"["\u0000\u001f\"\\","😀","\u2028",1.0,-0.0,1e300,5e-324]"#,
            #"{"z":1,"a":2,"m":[true,false]}"#,
        ])
    func encodingRoundTrips(text: String) throws {
        let value = try JSONValue.parse(text)
        #expect(try JSONValue.parse(value.encoded()) == value)
        #expect(try JSONValue.parse(value.encoded(pretty: true)) == value)
        #expect(
            try JSONValue.parse(value.encoded(pretty: true, sortedKeys: true)).encoded(sortedKeys: true)
                == value.encoded(sortedKeys: true))
    }

    @Test(
        "doubles with integral values stay doubles through a round trip",
        arguments: [
            1.0, -3.0, 1e16, 1e22, 123456789.0, 0.0,
        ])
    func integralDoublesStayDoubles(double: Double) throws {
        #expect(try JSONValue.parse(JSONValue.double(double).encoded()) == .double(double))
    }

    @Test("brief descriptions name the kind and clip long values")
    func briefDescriptionsClip() {
        #expect(JSONValue.string("abc").briefDescription == #"string "abc""#)
        #expect(JSONValue.null.briefDescription == "null")
        #expect(JSONValue.double(1.5).briefDescription == "number 1.5")
        let long = JSONValue.string(String(repeating: "x", count: 100)).briefDescription
        #expect(long == "string \"" + String(repeating: "x", count: 36) + "...")
    }
}
