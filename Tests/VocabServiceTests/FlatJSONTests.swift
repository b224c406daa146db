import Testing
@testable import VocabService

@Suite struct FlatJSONTests {
    static func parse(_ text: String) -> [String: FlatJSON.Value]? {
        Array(text.utf8).withUnsafeBytes(FlatJSON.parse)
    }

    @Test("Flat objects of strings, booleans and null are read")
    func reads() {
        #expect(Self.parse(#" { "query" : "bobo lé", "explain": true, "type": null } "#)
            == ["query": .string("bobo lé"), "explain": .bool(true), "type": .null])
        #expect(Self.parse("{}") == [:])
    }

    @Test("Anything else is left to JSONDecoder", arguments: [
        #"{"query": "a\"b"}"#, #"{"query": 3}"#, #"{"query": ["a"]}"#, #"{"query": "a""#, #"{"query": "a",}"#,
        #"{"a": "x", "a": "y"}"#, #"{"query": "a"} x"#, "[]", "", #"{"query": "a\#u{1}"}"#, #"{"query": tru}"#,
    ])
    func declines(text: String) {
        #expect(Self.parse(text) == nil)
    }

    @Test("A resolve body with a wrong member type goes the exact way (nil), with the right ones is built")
    func resolveBody() {
        #expect(ResolveBody(flat: ["query": .string("x"), "explain": .string("yes")]) == nil)
        #expect(ResolveBody(flat: ["query": .bool(true)]) == nil)
        let body = ResolveBody(flat: ["query": .string("x"), "language": .string("fr-FR"), "explain": .null])
        #expect(body?.query == "x" && body?.language == "fr-FR" && body?.explain == nil)
    }
}
