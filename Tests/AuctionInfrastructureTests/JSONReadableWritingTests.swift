import AuctionInfrastructure
import Testing

/// JSON for people and scripts leaves `/` alone; frames keep writing it `\u002f`.
@Suite struct JSONReadableWritingTests {
    @Test func slashesStayForReadersAndAreEscapedForFrames() throws {
        let value = JSONValue.object(JSONObject([("a/b", .array([.string("AC/DC \"live\"\n")]))]))
        #expect(String(decoding: value.serializedForReading(), as: UTF8.self) == #"{"a/b":["AC/DC \"live\"\n"]}"#)
        #expect(String(decoding: value.serialized(), as: UTF8.self) == #"{"a\u002fb":["AC\u002fDC \"live\"\n"]}"#)
        #expect(try JSONValue.parse(value.serializedForReading()) == value)
    }
}
