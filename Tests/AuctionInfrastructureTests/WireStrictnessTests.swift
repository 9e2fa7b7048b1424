import AuctionInfrastructure
import Testing

/// Duplicate member names and out-of-range completion ids are refused, never guessed at.
@Suite struct WireStrictnessTests {
    private static func events(_ text: String) -> [FrameEvent] {
        var decoder = FrameDecoder()
        return decoder.feed(Array(text.utf8))
    }

    @Test func parserRefusesAnObjectThatRepeatsAMember() throws {
        #expect(throws: JSONError.duplicateKey(offset: 8)) { try JSONValue.parse(#"{"a":1, "a":2}"#) }
        #expect(throws: JSONError.self) { try JSONValue.parse(#"[{"x":{"b":true,"c":0,"b":false}}]"#) }
        #expect(throws: JSONError.self) { try JSONValue.parse(#"{"a":1,"\u0061":2}"#) }
        #expect(try JSONValue.parse(#"{"a":{"a":1},"b":[{"a":2},{"a":3}]}"#)["b"]?.arrayValue?.count == 2)
    }

    @Test func manyMembersAreCheckedWithoutQuadraticCost() throws {
        let members = (0..<5_000).map { "\"k\($0)\":\($0)" }
        #expect(try JSONValue.parse("{" + members.joined(separator: ",") + "}").objectValue?.count == 5_000)
        let repeated = "{" + (members + ["\"k4321\":0"]).joined(separator: ",") + "}"
        #expect((try? JSONValue.parse(repeated)) == nil)
    }

    @Test func framesThatRepeatAMemberAreMalformed() {
        let frames = [
            #"{"dataType":2,"dataType":10,"completionId":1,"data":{}}/"#,
            #"{"dataType":10,"completionId":1,"completionId":2,"data":{}}/"#,
            #"{"dataType":10,"completionId":1,"data":{},"data":{}}/"#,
            #"{"dataType":10,"x":1,"completionId":1,"x":2,"data":{}}/"#,
            #"{"dataType":2,"completionId":1,"data":{"product_id":1,"product_price":5,"product_price":9}}/"#,
        ]
        for text in frames {
            guard case .malformed(.invalidJSON(.duplicateKey))? = Self.events(text).first else {
                Issue.record("expected a duplicate-key refusal for \(text), got \(Self.events(text))")
                continue
            }
        }
    }

    @Test func completionIDsOutsideInt32AreMalformedNotEchoed() {
        for id in ["-1", "2147483648", "9223372036854775807", "-9223372036854775808", "1.0", "1E0", "\"1\""] {
            let top = Self.events(#"{"dataType":10,"completionId":\#(id),"data":{}}/"#)
            let inside = Self.events(#"{"dataType":1,"data":{"completionId":\#(id),"result":true}}/"#)
            #expect(top == [.malformed(.invalidField("completionId"))], "\(id)")
            #expect(inside == [.malformed(.invalidField("completionId"))], "\(id)")
        }
        #expect(Self.events(#"{"dataType":10,"completionId":2147483647,"data":{}}/"#)
            == [.frame(Frame(dataType: 10, completionID: 2_147_483_647))])
        #expect(Self.events(#"{"dataType":10,"completionId":0,"data":{}}/"#) == [.frame(Frame(dataType: 10, completionID: 0))])
    }

    @Test func dataTypeMustBeAnInteger() {
        #expect(Self.events(#"{"dataType":2.0,"completionId":1,"data":{}}/"#) == [.malformed(.invalidField("dataType"))])
        #expect(Self.events(#"{"dataType":1E1,"completionId":1,"data":{}}/"#) == [.malformed(.invalidField("dataType"))])
    }
}

@Suite struct JSONNumberRangeTests {
    @Test func numbersBeyondADoubleAreInvalidNotInfinite() throws {
        // Found by the fuzzer: `1e400` read as infinity and was written back as `null`.
        #expect(throws: JSONError.invalidNumber(offset: 1)) { try JSONValue.parse("[1e400]") }
        #expect(throws: JSONError.self) { try JSONValue.parse("-1E+999") }
        #expect(try JSONValue.parse("1e308") == .double(1e308))
        #expect(try JSONValue.parse("1e-400") == .double(0))
    }
}
