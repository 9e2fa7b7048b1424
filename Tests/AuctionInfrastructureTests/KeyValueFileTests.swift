import AuctionInfrastructure
import Testing

@Suite struct KeyValueFileTests {
    private func pairs(_ text: String) throws -> [String] {
        try KeyValueFile.parse(text).map { "\($0.line) \($0.key)=\($0.value)" }
    }

    @Test func readsKeysValuesAndSkipsCommentsAndBlankLines() throws {
        #expect(try pairs("# a comment\n\nhttp = http://h:1\n  socket=h:2  \n") == ["3 http=http://h:1", "4 socket=h:2"])
    }

    @Test func aHashEndsAnUnquotedValue() throws {
        #expect(try pairs("profile = local # the usual one") == ["1 profile=local"])
        #expect(try pairs("profile = local#tight") == ["1 profile=local"])
    }

    @Test func aQuotedValueKeepsHashesAndSpaces() throws {
        #expect(try pairs("host = \"::1\"") == ["1 host=::1"])
        #expect(try pairs("motto = \" a # b \"  # comment") == ["1 motto= a # b "])
        #expect(try pairs("empty = \"\"") == ["1 empty="])
    }

    @Test func keysAreLowerCasedWithDashesReadAsUnderscores() throws {
        #expect(try pairs("HTTP-Port = 3100\nuser_id = 7") == ["1 http_port=3100", "2 user_id=7"])
    }

    @Test func windowsLineEndingsAreLineEndings() throws {
        #expect(try pairs("a = 1\r\nb = 2\r\n") == ["1 a=1", "2 b=2"])
    }

    @Test func refusesLinesThatAreNotKeyEqualsValue() {
        #expect(throws: KeyValueSyntaxError(line: 2, text: "just words")) { try KeyValueFile.parse("a = 1\njust words") }
        #expect(throws: KeyValueSyntaxError(line: 1, text: "= value")) { try KeyValueFile.parse("= value") }
        #expect(throws: KeyValueSyntaxError(line: 1, text: "key # = value")) { try KeyValueFile.parse("key # = value") }
        #expect(throws: KeyValueSyntaxError(line: 1, text: "a = \"open")) { try KeyValueFile.parse("a = \"open") }
        #expect(throws: KeyValueSyntaxError(line: 1, text: "a = \"x\" y")) { try KeyValueFile.parse("a = \"x\" y") }
    }
}
