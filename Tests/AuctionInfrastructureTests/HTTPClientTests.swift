import AuctionInfrastructure
import AuctionTestSupport
import Testing

@Suite struct HTTPClientTests {
    /// A raw TCP server on a fresh loop whose connections are handed to `accept`.
    private struct RawServer {
        let loop: EventLoop
        let listener: TCPListener
        init(clock: any TimeSource = SystemClock(), _ accept: @escaping (TCPConnection) -> Void) throws {
            loop = try EventLoop.spawn(name: "raw-http", clock: clock)
            listener = try TCPListener.listen(host: "127.0.0.1", port: 0, on: loop, onAccept: accept)
        }
        var client: HTTPClient { client(.init()) }
        func client(_ configuration: HTTPClient.Configuration) -> HTTPClient {
            HTTPClient(baseURL: HTTPBaseURL(host: "127.0.0.1", port: listener.address.port), configuration: configuration, loop: loop)
        }
        func stop() {
            listener.close()
            loop.shutdown()
        }
    }

    /// Answers every request with `answer`, sent in pieces of `piece` bytes, then closes if asked.
    private static func answering(_ answer: String, closing: Bool = true) -> (TCPConnection) -> Void {
        { connection in
            var received: [UInt8] = []
            connection.onRead = { bytes in
                received.append(contentsOf: bytes)
                guard received.suffix(4) == Array("\r\n\r\n".utf8) else { return }
                connection.write(Array(answer.utf8))
                if closing { connection.close() }
            }
        }
    }

    @Test func sendsHostAndCloseAndReadsTheAnswer() async throws {
        let seen = Mutex<HTTPRequest?>(nil)
        let server = try RawServer { connection in
            var parser = HTTPRequestParser()
            connection.onRead = { bytes in
                parser.append(bytes)
                if case .request(let request)? = parser.next() {
                    seen.withLock { $0 = request }
                    connection.write(Array("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nhi".utf8))
                }
            }
        }
        defer { server.stop() }
        let response = try await server.client(.init(reuseConnections: false))
            .post("/products/alllist", json: Array("{\"index\":0}".utf8))
        #expect(response.body == Array("hi".utf8))
        let request = try #require(seen.withLock { $0 })
        #expect(request.headers["Host"] == "127.0.0.1:\(server.listener.address.port)")
        #expect(request.headers["Connection"] == "close")
        #expect(request.headers["Content-Type"] == "application/json")
        #expect(request.body == Array("{\"index\":0}".utf8))
    }

    @Test func readsABodyThatEndsWithTheConnection() async throws {
        let server = try RawServer(Self.answering("HTTP/1.0 200 OK\r\nContent-Type: text/plain\r\n\r\nuntil the end"))
        defer { server.stop() }
        #expect(try await server.client.get("/").body == Array("until the end".utf8))
    }

    @Test func readsAChunkedBody() async throws {
        let server = try RawServer(Self.answering("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n4\r\n[1,2\r\n2\r\n,3\r\n1\r\n]\r\n0\r\n\r\n", closing: false))
        defer { server.stop() }
        #expect(try await server.client.get("/").body == Array("[1,2,3]".utf8))
    }

    @Test func reportsAConnectionClosedBeforeTheAnswer() async throws {
        let server = try RawServer(Self.answering("HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\nshort"))
        defer { server.stop() }
        await #expect {
            try await server.client.get("/")
        } throws: { error in
            guard case .connectionClosed(let address, _) = error as? HTTPError else { return false }
            return address == "127.0.0.1:\(server.listener.address.port)"
        }
    }

    @Test func givesUpWhenNoAnswerComes() async throws {
        // The client's loop runs on a manual clock: once the request is on the wire, the test moves
        // the clock past the response timeout (no real time passes).
        let clock = ManualClock()
        let arrived = Mutex(false)
        let server = try RawServer(clock: clock) { connection in connection.onRead = { _ in arrived.withLock { $0 = true } } }
        defer { server.stop() }
        let client = server.client(.init(responseTimeoutMilliseconds: 100))
        let request = Task { try await client.get("/") }
        for _ in 0..<1_000 where !arrived.withLock({ $0 }) { try await Task.sleep(for: .milliseconds(10)) }
        clock.advance(milliseconds: 100)
        await #expect(throws: HTTPError.responseTimeout(address: "127.0.0.1:\(server.listener.address.port)", milliseconds: 100)) {
            try await request.value
        }
    }

    @Test func refusesAnAnswerThatIsNotHTTP() async throws {
        let server = try RawServer(Self.answering("SSH-2.0-OpenSSH_9.6\r\n\r\n"))
        defer { server.stop() }
        await #expect {
            try await server.client.get("/")
        } throws: { error in
            if case .malformedResponse = error as? HTTPError { true } else { false }
        }
    }

    @Test func reportsAnUnresolvableHost() async throws {
        let loop = try EventLoop.spawn(name: "no-such-host")
        defer { loop.shutdown() }
        let client = HTTPClient(baseURL: HTTPBaseURL(host: "no-such-host.invalid", port: 3100), loop: loop)
        await #expect {
            try await client.get("/")
        } throws: { error in
            guard case .unreachable(let address, let detail) = error as? HTTPError else { return false }
            return address == "no-such-host.invalid:3100" && detail.hasPrefix("cannot resolve host")
        }
    }

    @Test func cancellingTheTaskEndsTheRequest() async throws {
        let arrived = Mutex(false)
        let server = try RawServer { connection in connection.onRead = { _ in arrived.withLock { $0 = true } } }
        defer { server.stop() }
        let client = server.client(.init(responseTimeoutMilliseconds: 60_000))
        let task = Task { try await client.get("/") }
        // Cancelled once the request is on the wire (a condition polled with a deadline, not a fixed wait).
        for _ in 0..<1_000 where !arrived.withLock({ $0 }) { try await Task.sleep(for: .milliseconds(10)) }
        #expect(arrived.withLock { $0 })
        task.cancel()
        await #expect(throws: HTTPError.self) { try await task.value }
    }

    @Test func reusesAKeptAliveConnection() async throws {
        var router = HTTPRouter()
        router.on(.get, "/health") { _ in .text(.ok, "ok") }
        // No timing in the test: neither side gives up an idle connection within an hour, however long
        // a loaded machine keeps this task waiting between requests (it once took 85 s, and reconnected).
        let server = try HTTPTestServer(.init(session: HTTPServerSession.Configuration(idleTimeoutMilliseconds: 3_600_000)), router: router)
        defer { server.stop() }
        let client = server.client(.init(idleConnectionMilliseconds: 3_600_000))
        for _ in 0..<5 { #expect(try await client.get("/health").text == "ok") }
        #expect(server.server.acceptedConnections == 1)
        let separate = server.client(.init(reuseConnections: false))
        for _ in 0..<2 { #expect(try await separate.get("/health").text == "ok") }
        #expect(server.server.acceptedConnections == 3)
    }

    @Test func dropsAKeptConnectionTheServerClosed() async throws {
        var router = HTTPRouter()
        router.on(.get, "/health") { _ in .text(.ok, "ok") }
        let session = HTTPServerSession.Configuration(idleTimeoutMilliseconds: 50)
        let clock = ManualClock()  // the server's idle timeout passes when the test moves the clock
        let server = try HTTPTestServer(.init(session: session), clock: clock, router: router)
        defer { server.stop() }
        let client = server.client()
        #expect(try await client.get("/health").text == "ok")
        clock.advance(milliseconds: 50)
        #expect(await server.waitUntilIdle())  // the server closed the kept connection
        #expect(try await client.get("/health").text == "ok")
        #expect(server.server.acceptedConnections == 2)
    }

    @Test func retriesOnceWhenAKeptConnectionClosesUnanswered() async throws {
        let accepted = Mutex(0)
        let server = try RawServer { connection in
            accepted.withLock { $0 += 1 }
            var parser = HTTPRequestParser()
            var answered = 0
            connection.onRead = { bytes in
                parser.append(bytes)
                while case .request? = parser.next() {
                    if answered == 1 { return connection.close() }  // the second request on a connection: hang up
                    answered += 1
                    connection.write(Array("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok".utf8))
                }
            }
        }
        defer { server.stop() }
        let client = server.client(.init(idleConnectionMilliseconds: 60_000))
        #expect(try await client.get("/").body == Array("ok".utf8))
        #expect(try await client.get("/").body == Array("ok".utf8))
        #expect(accepted.withLock { $0 } == 2)
    }
}
