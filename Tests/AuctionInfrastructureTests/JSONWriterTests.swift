import AuctionInfrastructure
import Testing

@Suite struct JSONWriterTests {
    @Test func writesCompactJSONInMemberOrder() {
        let value: JSONValue = ["b": 1, "a": [true, false, nil], "c": ["x": -42]]
        #expect(value.jsonText == #"{"b":1,"a":[true,false,null],"c":{"x":-42}}"#)
    }

    @Test func escapesSlashQuotesBackslashesAndControlCharacters() {
        let value: JSONValue = .string("a/b\"c\\d\n\t\u{1}\u{1f}é😀")
        #expect(value.jsonText == #""a\u002fb\"c\\d\n\t\u0001\u001fé😀""#)
        #expect(!value.serialized().contains(UInt8(ascii: "/")))
    }

    @Test func writesIntegerExtremesAndDoubles() {
        #expect(JSONValue.int(Int64.min).jsonText == "-9223372036854775808")
        #expect(JSONValue.int(Int64.max).jsonText == "9223372036854775807")
        #expect(JSONValue.int(0).jsonText == "0")
        #expect(JSONValue.double(1.5).jsonText == "1.5")
        #expect(JSONValue.double(.infinity).jsonText == "null")
        #expect(JSONValue.double(.nan).jsonText == "null")
    }

    @Test func roundTripsThroughTheParser() throws {
        let values: [JSONValue] = [
            ["dataType": 2, "data": ["product_id": 5, "note": "a/b//c", "emoji": "🎉", "nested": [[], [:], [1.25]]]],
            .string("\u{0}\u{7f}\u{2028}"), .int(-1), .double(1e300), .double(-2.5e-8), .array([.null]),
        ]
        for value in values {
            #expect(try JSONValue.parse(value.serialized()) == value)
        }
    }

    @Test func objectSubscriptSetsReplacesAndRemoves() {
        var object: JSONObject = ["a": 1, "b": 2]
        object["a"] = 3
        object["c"] = 4
        object["b"] = nil
        #expect(object.keys == ["a", "c"])
        #expect(object["a"] == .int(3))
    }
}
