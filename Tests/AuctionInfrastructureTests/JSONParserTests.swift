import AuctionInfrastructure
import Testing

@Suite struct JSONParserTests {
    @Test func parsesScalars() throws {
        #expect(try JSONValue.parse("null") == .null)
        #expect(try JSONValue.parse(" true ") == .bool(true))
        #expect(try JSONValue.parse("false") == .bool(false))
        #expect(try JSONValue.parse("\"hi\"") == .string("hi"))
    }

    @Test func integralNumbersAreInt64AndOthersDouble() throws {
        #expect(try JSONValue.parse("35000") == .int(35000))
        #expect(try JSONValue.parse("-0") == .int(0))
        #expect(try JSONValue.parse("9223372036854775807") == .int(Int64.max))
        #expect(try JSONValue.parse("-9223372036854775808") == .int(Int64.min))
        #expect(try JSONValue.parse("9223372036854775808") == .double(9_223_372_036_854_775_808))
        #expect(try JSONValue.parse("1.5") == .double(1.5))
        #expect(try JSONValue.parse("-2.5e3") == .double(-2500))
        #expect(try JSONValue.parse("1E2") == .double(100))
        #expect(try JSONValue.parse("7.0").intValue == 7)
        #expect(try JSONValue.parse("7.5").intValue == nil)
    }

    @Test func rejectsMalformedNumbers() {
        for text in ["01", "-", "1.", ".5", "1e", "1e+", "+1", "0x10", "--1", "1.e3"] {
            #expect(throws: JSONError.self, "\(text)") { try JSONValue.parse(text) }
        }
    }

    @Test func parsesNestedStructuresInOrder() throws {
        let value = try JSONValue.parse(#"{"b":[1,{"c":null}],"a":"x","b2":{}}"#)
        #expect(value.objectValue?.keys == ["b", "a", "b2"])
        #expect(value["b"]?.arrayValue?[1]["c"] == .null)
        #expect(value["b2"] == .object(JSONObject()))
        #expect(try JSONValue.parse("[]") == .array([]))
    }

    @Test func duplicateKeysAreRefused() throws {
        // JavaScript keeps the last, other readers the first: a repeated member is refused, never guessed at.
        #expect(throws: JSONError.duplicateKey(offset: 7)) { try JSONValue.parse(#"{"a":1,"a":2}"#) }
    }

    @Test func decodesEscapesAndSurrogatePairs() throws {
        #expect(try JSONValue.parse(#""a\/b\\c\"d\n\t\r\b\f""#) == .string("a/b\\c\"d\n\t\r\u{8}\u{c}"))
        #expect(try JSONValue.parse(#""\u00e9\u4e2d""#) == .string("é中"))
        #expect(try JSONValue.parse(#""\ud83d\ude00""#) == .string("😀"))
        #expect(try JSONValue.parse(#""\u0000""#) == .string("\u{0}"))
    }

    @Test func rejectsLoneSurrogatesAndBadEscapes() {
        for text in [#""\ud83d""#, #""\ude00""#, #""\ud83dx""#, #""\ud83d\u0041""#, #""\x""#, #""\u12g4""#] {
            #expect(throws: JSONError.self, "\(text)") { try JSONValue.parse(text) }
        }
    }

    @Test func acceptsRawUTF8() throws {
        #expect(try JSONValue.parse("\"é中😀\"") == .string("é中😀"))
    }

    @Test func rejectsInvalidUTF8WithItsOffset() {
        let cases: [[UInt8]] = [
            [0x22, 0xFF, 0x22], [0x22, 0xC0, 0xAF, 0x22], [0x22, 0xE0, 0x80, 0x80, 0x22],
            [0x22, 0xED, 0xA0, 0x80, 0x22], [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], [0x22, 0x80, 0x22],
            [0x22, 0xE4, 0xB8, 0x22],
        ]
        for bytes in cases {
            #expect(throws: JSONError.invalidUTF8(offset: 1), "\(bytes)") { try JSONValue.parse(bytes) }
        }
    }

    @Test func rejectsControlCharactersInStrings() {
        #expect(throws: JSONError.controlCharacterInString(offset: 2)) { try JSONValue.parse("\"a\nb\"") }
    }

    @Test func reportsByteOffsets() {
        #expect(throws: JSONError.unexpectedByte(UInt8(ascii: "x"), offset: 5)) { try JSONValue.parse(#"{"a":x}"#) }
        #expect(throws: JSONError.unexpectedEnd(offset: 5)) { try JSONValue.parse(#"{"a":"#) }
        #expect(throws: JSONError.trailingBytes(offset: 3)) { try JSONValue.parse("{} x") }
        #expect(throws: JSONError.unexpectedEnd(offset: 0)) { try JSONValue.parse("") }
    }

    @Test func rejectsStructuralErrors() {
        for text in ["{", "[1,]", "{\"a\"}", "{\"a\":1,}", "{a:1}", "[1 2]", "tru", "nul", "{\"a\":1}}", "'a'"] {
            #expect(throws: JSONError.self, "\(text)") { try JSONValue.parse(text) }
        }
    }

    @Test func limitsNestingDepth() throws {
        let deep = String(repeating: "[", count: 65) + String(repeating: "]", count: 65)
        #expect(throws: JSONError.tooDeep(limit: 64, offset: 64)) { try JSONValue.parse(deep) }
        let fine = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        #expect(try JSONValue.parse(fine).arrayValue != nil)
        #expect(throws: JSONError.self) { try JSONParser(maximumDepth: 2).parse(Array("[[[1]]]".utf8)) }
    }
}
