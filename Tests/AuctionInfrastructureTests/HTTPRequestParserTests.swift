import AuctionInfrastructure
import Testing

@Suite struct HTTPRequestParserTests {
    private static let pipelined = Array((
        "POST /products/alllist HTTP/1.1\r\nHost: 127.0.0.1:3100\r\nContent-Type: application/json\r\n"
            + "Content-Length: 11\r\n\r\n{\"index\":0}"
            + "GET /health HTTP/1.1\r\nhost: x\r\n\r\n"
            + "POST /products/detailproduct HTTP/1.1\r\nHost: x\r\nContent-Length: 16\r\nConnection: close\r\n\r\n"
            + "{\"product_id\":5}"
    ).utf8)

    /// Feeds the chunks in order and returns every event.
    private func events(_ chunks: [ArraySlice<UInt8>], limits: HTTPRequestParser.Limits = .init()) -> [HTTPRequestParser.Event] {
        var parser = HTTPRequestParser(limits: limits)
        var out: [HTTPRequestParser.Event] = []
        for chunk in chunks {
            parser.append(Array(chunk))
            while let event = parser.next() { out.append(event) }
        }
        return out
    }

    private func requests(_ events: [HTTPRequestParser.Event]) -> [HTTPRequest] {
        events.compactMap { if case .request(let request) = $0 { request } else { nil } }
    }

    private func failure(_ text: String, limits: HTTPRequestParser.Limits = .init()) -> HTTPError? {
        for event in events([Array(text.utf8)[...]], limits: limits) {
            if case .failure(let error) = event { return error }
        }
        return nil
    }

    @Test func parsesPipelinedRequestsInOrder() {
        let parsed = requests(events([Self.pipelined[...]]))
        #expect(parsed.count == 3)
        #expect(parsed[0].method == .post)
        #expect(parsed[0].path == "/products/alllist")
        #expect(parsed[0].headers["content-type"] == "application/json")
        #expect(parsed[0].body == Array("{\"index\":0}".utf8))
        #expect(parsed[0].keepAlive)
        #expect(parsed[1].method == .get)
        #expect(parsed[1].body.isEmpty)
        #expect(parsed[2].body == Array("{\"product_id\":5}".utf8))
        #expect(!parsed[2].keepAlive)
    }

    @Test func parsesTheSameAtEverySplitPosition() {
        let whole = requests(events([Self.pipelined[...]]))
        for split in 1..<Self.pipelined.count {
            let parts = [Self.pipelined[..<split], Self.pipelined[split...]]
            #expect(requests(events(parts)) == whole, "split at \(split)")
        }
    }

    @Test func parsesTheSameFedOneByteAtATime() {
        let whole = requests(events([Self.pipelined[...]]))
        let bytes = Self.pipelined.indices.map { Self.pipelined[$0...$0] }
        #expect(requests(events(bytes)) == whole)
    }

    @Test func waitsForTheWholeBody() {
        var parser = HTTPRequestParser()
        parser.append(Array("POST /a HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\n\r\nab".utf8))
        #expect(parser.next() == nil)
        #expect(parser.hasPartialRequest)
        parser.append(Array("cd".utf8))
        #expect(parser.next() == .request(HTTPRequest(method: .post, target: "/a",
                                                       headers: ["Host": "x", "Content-Length": "4"],
                                                       body: Array("abcd".utf8))))
        #expect(!parser.hasPartialRequest)
    }

    @Test func acceptsBareLineFeedsAndLeadingEmptyLines() {
        let parsed = requests(events([Array("\r\n\nGET /health HTTP/1.1\nHost: x\n\n".utf8)[...]]))
        #expect(parsed.map(\.path) == ["/health"])
    }

    @Test func keepAliveFollowsVersionAndConnectionHeader() {
        let parsed = requests(events([Array((
            "GET / HTTP/1.0\r\n\r\n" + "GET / HTTP/1.0\r\nConnection: Keep-Alive\r\n\r\n"
                + "GET / HTTP/1.1\r\nHost: x\r\nConnection: keep-alive, Close\r\n\r\n" + "GET / HTTP/1.1\r\nHost: x\r\n\r\n"
        ).utf8)[...]]))
        #expect(parsed.map(\.keepAlive) == [false, true, false, true])
    }

    @Test func announcesExpectContinueBeforeTheBody() {
        var parser = HTTPRequestParser()
        parser.append(Array("POST /a HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\n".utf8))
        #expect(parser.next() == .expectsContinue)
        #expect(parser.next() == nil)
        parser.append(Array("{}".utf8))
        guard case .request(let request) = parser.next() else {
            Issue.record("expected a request")
            return
        }
        #expect(request.body == Array("{}".utf8))
    }

    @Test func refusesAnOverlongRequestLineWith414() {
        let limits = HTTPRequestParser.Limits(requestLineBytes: 64)
        let long = "GET /" + String(repeating: "a", count: 100) + " HTTP/1.1\r\nHost: x\r\n\r\n"
        #expect(failure(long, limits: limits) == .requestLineTooLong(limit: 64))
        #expect(failure(long, limits: limits)?.status?.code == 414)
        // Refused before the line ends: memory stays bounded.
        #expect(failure("GET /" + String(repeating: "a", count: 100), limits: limits) == .requestLineTooLong(limit: 64))
        #expect(failure(String(repeating: "\r\n", count: 40), limits: limits) == .requestLineTooLong(limit: 64))
    }

    @Test func refusesOversizedHeadersWith431() {
        let limits = HTTPRequestParser.Limits(headerBytes: 100, headerFields: 5)
        let big = "GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + String(repeating: "b", count: 200) + "\r\n\r\n"
        #expect(failure(big, limits: limits) == .headersTooLarge(limit: 100))
        #expect(failure(String(big.prefix(150)), limits: limits) == .headersTooLarge(limit: 100))
        let many = "GET / HTTP/1.1\r\n" + (0..<6).map { "A\($0): 1\r\n" }.joined() + "\r\n"
        #expect(failure(many, limits: limits)?.status?.code == 431)
    }

    @Test func refusesAnOversizedBodyWith413BeforeReadingIt() {
        let limits = HTTPRequestParser.Limits(bodyBytes: 10)
        #expect(failure("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 11\r\n\r\n", limits: limits) == .bodyTooLarge(limit: 10))
        #expect(failure("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\n0123456789", limits: limits) == nil)
    }

    @Test func refusesMalformedRequestsWith400() {
        let bad = [
            "GARBAGE\r\n\r\n",
            "GET  / HTTP/1.1\r\nHost: x\r\n\r\n",
            "GET / HTTP/1.1 extra\r\nHost: x\r\n\r\n",
            "G(T / HTTP/1.1\r\nHost: x\r\n\r\n",
            "GET / HTTP/x.1\r\nHost: x\r\n\r\n",
            "GET / HTTP/1.1\r\n\r\n",
            "GET / HTTP/1.1\r\nHost: x\r\nHost: y\r\n\r\n",
            "GET / HTTP/1.1\r\nHost: x\r\nNo colon here\r\n\r\n",
            "GET / HTTP/1.1\r\nHost: x\r\nBad Name: 1\r\n\r\n",
            "GET / HTTP/1.1\r\nHost: x\r\n folded\r\n\r\n",
            "GET / HTTP/1.1\r\nHost: x\r\nX: a\u{01}b\r\n\r\n",
            "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n",
            "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 1x\r\n\r\n",
            "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\nabc",
            "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 99999999999999999999\r\n\r\n",
        ]
        for text in bad {
            #expect(failure(text)?.status?.code == 400, "\(text.debugDescription)")
        }
    }

    @Test func readsABodilessPostAndRefusesUnsupportedFraming() {
        let parsed = requests(events([Array("POST / HTTP/1.1\r\nHost: x\r\n\r\nGET / HTTP/1.1\r\nHost: x\r\n\r\n".utf8)[...]]))
        #expect(parsed.map(\.method) == [.post, .get])
        #expect(parsed.first?.body.isEmpty == true)
        #expect(failure("POST / HTTP/1.1\r\nHost: x\r\n\r\n{\"index\":0}")?.status?.code == 400)
        #expect(failure("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n")?.status?.code == 501)
        #expect(failure("GET / HTTP/2.0\r\nHost: x\r\n\r\n")?.status?.code == 505)
    }

    @Test func stopsAfterAFailure() {
        var parser = HTTPRequestParser()
        parser.append(Array("BAD\r\nGET / HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
        #expect(parser.next()?.isFailure == true)
        #expect(parser.next() == nil)
        #expect(parser.hasFailed)
        parser.append(Array("GET / HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
        #expect(parser.next() == nil)
        #expect(parser.bufferedBytes == 0)
    }
}

extension HTTPRequestParser.Event {
    var isFailure: Bool {
        if case .failure = self { return true }
        return false
    }
}
