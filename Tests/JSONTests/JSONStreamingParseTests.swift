import Testing

@testable import JSON

/// The streaming parse (top-level arrays handed over one element at a time, as the shelf
/// snapshot codec reads them) against the whole-document parse, on documents and on every
/// one-byte damage of them: both must accept and reject the same texts with the same errors,
/// and the streamed elements put back must give the same value.
@Suite("JSONValue streaming parse")
struct JSONStreamingParseTests {
    static let documents = [
        #"{"version":2,"query":"","books":[{"id":1,"title":"a\"b","revision":3},{"id":2,"title":"é😀","revision":0}],"fetchedAt":1.5,"drafts":[]}"#,
        #" { "books" : [ [1, [2]] , {"x":{"y":[]}} , "s", null, true ] , "drafts":[], "other":[1,2] } "#,
        #"{"books":{},"drafts":7,"books2":[1]}"#,
        #"{"books":[],"books":[1]}"#,
        #"[{"books":[1]}]"#,
        #"{}"#,
    ]
    static let streamed: Set<String> = ["books", "drafts"]

    /// The result of a streaming parse with the streamed elements put back in their arrays.
    static func streamingParse(_ text: [UInt8], limits: JSONLimits = .default) -> Result<JSONValue, JSONParseError> {
        var elements: [String: [JSONValue]] = [:]
        do throws(JSONParseError) {
            let value = try JSONValue.parse(text, limits: limits, streamingArraysOf: streamed) { key, element in
                elements[key, default: []].append(element)
            }
            guard case .object(var object) = value else { return .success(value) }
            for (key, values) in elements {
                guard object[key] == .array([]) else {
                    Issue.record("streamed member \(key) is not an empty array in the result")
                    continue
                }
                object[key] = .array(values)
            }
            return .success(.object(object))
        } catch {
            return .failure(error)
        }
    }

    static func wholeParse(_ text: [UInt8], limits: JSONLimits = .default) -> Result<JSONValue, JSONParseError> {
        do throws(JSONParseError) {
            return .success(try JSONValue.parse(text, limits: limits))
        } catch {
            return .failure(error)
        }
    }

    @Test("documents parse to the same value streamed or whole", arguments: documents)
    func documentsParseTheSame(text: String) {
        let bytes = Array(text.utf8)
        #expect(Self.streamingParse(bytes) == Self.wholeParse(bytes))
    }

    @Test("every one-byte deletion or replacement is accepted or rejected the same way, with the same error", arguments: documents)
    func damagedDocumentsFailTheSame(text: String) {
        let bytes = Array(text.utf8)
        let replacements = Array(#"{}[]",: "1-.e\x"#.utf8) + [0x00, 0xFF]
        var variants: [[UInt8]] = []
        for position in bytes.indices {
            var deleted = bytes
            deleted.remove(at: position)
            variants.append(deleted)
            for byte in replacements where byte != bytes[position] {
                var replaced = bytes
                replaced[position] = byte
                variants.append(replaced)
            }
        }
        var rejected = 0
        for variant in variants {
            let whole = Self.wholeParse(variant)
            #expect(Self.streamingParse(variant) == whole, "\(String(decoding: variant, as: UTF8.self))")
            if case .failure = whole { rejected += 1 }
        }
        #expect(rejected > variants.count / 4, "the damage should reject most variants")
    }

    @Test("the depth and size limits apply to streamed elements as to a whole parse")
    func limitsApply() {
        let deep = Array(#"{"books":[[[[1]]]]}"#.utf8)
        for depth in 1...6 {
            let limits = JSONLimits(maxBytes: 1_000, maxDepth: depth)
            #expect(Self.streamingParse(deep, limits: limits) == Self.wholeParse(deep, limits: limits), "depth limit \(depth)")
        }
        let small = JSONLimits(maxBytes: 10, maxDepth: 8)
        #expect(Self.streamingParse(deep, limits: small) == Self.wholeParse(deep, limits: small))
        #expect(throws: JSONParseError.self) { try Self.streamingParse(deep, limits: small).get() }
    }
}
