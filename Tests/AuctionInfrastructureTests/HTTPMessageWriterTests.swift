import AuctionInfrastructure
import Testing

@Suite struct HTTPMessageWriterTests {
    @Test func writesStatusLineHeadersAndLength() {
        let response = HTTPResponse(status: .ok, contentType: "application/json", body: Array("[]".utf8))
        let text = String(decoding: response.serialized(connection: "close", date: "Sun, 22 Nov 2026 00:00:00 GMT"), as: UTF8.self)
        #expect(text == "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nDate: Sun, 22 Nov 2026 00:00:00 GMT\r\n"
            + "Connection: close\r\nContent-Length: 2\r\n\r\n[]")
    }

    @Test func announcesTheLengthButOmitsTheBodyForHead() {
        let text = String(decoding: HTTPResponse.text(.ok, "hello").serialized(includeBody: false), as: UTF8.self)
        #expect(text.hasSuffix("Content-Length: 5\r\n\r\n"))
    }

    @Test func sendsNoLengthForNoContent() {
        let text = String(decoding: HTTPResponse(status: .noContent).serialized(), as: UTF8.self)
        #expect(text == "HTTP/1.1 204 No Content\r\n\r\n")
    }

    @Test func cannotBeTrickedIntoInjectingHeaders() throws {
        var response = HTTPResponse(status: .ok, headers: ["X-Name": "a\r\nSet-Cookie: evil"], body: [])
        response.headers.add(name: "Content-Length", value: "99")
        var parser = HTTPResponseParser()
        parser.append(response.serialized())
        let parsed = try #require(try parser.next())
        #expect(parsed.headers["Set-Cookie"] == nil)
        #expect(parsed.headers.values(for: "Content-Length") == ["0"])
    }

    @Test func requestRoundTripsThroughTheParser() {
        let request = HTTPRequest(method: .post, target: "/products/alllist",
                                  headers: ["Host": "127.0.0.1:3100", "Content-Type": "application/json"],
                                  body: Array("{\"index\":2}".utf8))
        var parser = HTTPRequestParser()
        parser.append(request.serialized())
        var expected = request
        expected.headers.add(name: "Content-Length", value: "11")
        #expect(parser.next() == .request(expected))
    }

    @Test func formatsDatesAsIMFFixdate() {
        #expect(HTTPDate.format(secondsSinceEpoch: 784_111_777) == "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(HTTPDate.format(secondsSinceEpoch: 0) == "Thu, 01 Jan 1970 00:00:00 GMT")
    }
}
