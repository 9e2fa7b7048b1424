import AuctionInfrastructure
import Testing

@Suite struct HTTPResponseParserTests {
    private func parse(_ chunks: [ArraySlice<UInt8>], method: HTTPMethod = .post, atEnd: Bool = false) throws(HTTPError) -> HTTPResponse? {
        var parser = HTTPResponseParser(requestMethod: method)
        for chunk in chunks {
            parser.append(Array(chunk))
            if let response = try parser.next() { return response }
        }
        return atEnd ? try parser.finish() : nil
    }

    private func parse(_ text: String, method: HTTPMethod = .post, atEnd: Bool = false) throws(HTTPError) -> HTTPResponse? {
        try parse([Array(text.utf8)[...]], method: method, atEnd: atEnd)
    }

    @Test func parsesAContentLengthResponseAtEverySplitPosition() throws {
        let bytes = Array("HTTP/1.1 200 OK\r\nX-Powered-By: Express\r\nContent-Type: application/json\r\nContent-Length: 7\r\n\r\n[1,2,3]".utf8)
        let whole = try #require(try parse([bytes[...]]))
        #expect(whole.status.code == 200)
        #expect(whole.status.reasonPhrase == "OK")
        #expect(whole.headers["content-type"] == "application/json")
        #expect(whole.body == Array("[1,2,3]".utf8))
        for split in 1..<bytes.count {
            #expect(try parse([bytes[..<split], bytes[split...]]) == whole, "split at \(split)")
        }
    }

    @Test func readsTheBodyToTheEndWhenNoLengthIsGiven() throws {
        var parser = HTTPResponseParser()
        parser.append(Array("HTTP/1.0 200 OK\r\n\r\nhello ".utf8))
        #expect(try parser.next() == nil)
        parser.append(Array("world".utf8))
        #expect(try parser.next() == nil)
        #expect(try parser.finish()?.body == Array("hello world".utf8))
    }

    @Test func decodesChunkedBodiesAtEverySplitPosition() throws {
        let bytes = Array("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5;ext=1\r\nhello\r\n6\r\n world\r\n0\r\nX-Trailer: t\r\n\r\n".utf8)
        for split in 1..<bytes.count {
            let response = try parse([bytes[..<split], bytes[split...]])
            #expect(response?.body == Array("hello world".utf8), "split at \(split)")
        }
    }

    @Test func skipsInterimResponses() throws {
        let response = try parse("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 201 Created\r\nContent-Length: 0\r\n\r\n")
        #expect(response?.status.code == 201)
        #expect(response?.body.isEmpty == true)
    }

    @Test func expectsNoBodyForHeadOr204() throws {
        #expect(try parse("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\n", method: .head)?.body == [])
        #expect(try parse("HTTP/1.1 204 No Content\r\n\r\n")?.status.code == 204)
    }

    @Test func reportsAnIncompleteResponseAtTheEnd() throws {
        #expect(try parse("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nabc", atEnd: true) == nil)
        #expect(try parse("HTTP/1.1 200 OK\r\nContent-", atEnd: true) == nil)
    }

    @Test func refusesMalformedResponses() {
        #expect(throws: HTTPError.self) { try parse("HTTP/1.1 2x0 OK\r\n\r\n") }
        #expect(throws: HTTPError.self) { try parse("SSH-2.0-OpenSSH\r\n\r\n") }
        #expect(throws: HTTPError.self) { try parse("HTTP/1.1 200 OK\r\nContent-Length: abc\r\n\r\n") }
        #expect(throws: HTTPError.self) { try parse("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n") }
    }

    @Test func refusesResponsesOverTheLimit() {
        var parser = HTTPResponseParser(limits: .init(headBytes: 64, bodyBytes: 4))
        parser.append(Array("HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\n".utf8))
        #expect(throws: HTTPError.responseTooLarge(limit: 4)) { try parser.next() }
        var head = HTTPResponseParser(limits: .init(headBytes: 64, bodyBytes: 4))
        head.append(Array(("HTTP/1.1 200 OK\r\nX: " + String(repeating: "a", count: 100)).utf8))
        #expect(throws: HTTPError.responseTooLarge(limit: 64)) { try head.next() }
    }

    @Test func readsConsecutiveResponsesAfterReset() throws {
        var parser = HTTPResponseParser()
        parser.append(Array("HTTP/1.1 200 OK\r\nContent-Length: 1\r\n\r\naHTTP/1.1 201 Created\r\nContent-Length: 0\r\n\r\n".utf8))
        #expect(try parser.next()?.body == Array("a".utf8))
        parser.reset(requestMethod: .post)
        #expect(try parser.next()?.status.code == 201)
    }

    @Test func readsLargeBodiesArrivingInSmallPieces() throws {
        let body = (0..<(2 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        var chunked = Array("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n".utf8)
        for start in stride(from: 0, to: body.count, by: 10_000) {
            let piece = body[start..<min(body.count, start + 10_000)]
            chunked += Array("\(String(piece.count, radix: 16))\r\n".utf8) + piece + Array("\r\n".utf8)
        }
        chunked += Array("0\r\n\r\n".utf8)
        let untilEnd = Array("HTTP/1.0 200 OK\r\n\r\n".utf8) + body
        for bytes in [chunked, untilEnd] {
            var parser = HTTPResponseParser()
            var response: HTTPResponse?
            for start in stride(from: 0, to: bytes.count, by: 4_096) {
                parser.append(Array(bytes[start..<min(bytes.count, start + 4_096)]))
                if let complete = try parser.next() { response = complete }
            }
            if response == nil { response = try parser.finish() }
            #expect(response?.body == body)
        }
    }
}
