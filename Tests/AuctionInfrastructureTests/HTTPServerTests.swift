import AuctionInfrastructure
import AuctionTestSupport
import Glibc
import Testing

@Suite struct HTTPServerTests {
    private func echoRouter() -> HTTPRouter {
        var router = HTTPRouter()
        router.on(.get, "/health") { _ in .text(.ok, "ok") }
        router.on(.post, "/echo") { request in HTTPResponse(status: .ok, contentType: "application/octet-stream", body: request.body) }
        return router
    }

    @Test func answersARouteOverLoopback() async throws {
        let server = try HTTPTestServer(router: echoRouter())
        defer { server.stop() }
        let response = try await server.client().get("/health")
        #expect(response.status == .ok)
        #expect(response.text == "ok")
        #expect(response.headers["Date"]?.hasSuffix(" GMT") == true)
        let echoed = try await server.client().post("/echo", json: Array("{\"index\":3}".utf8))
        #expect(echoed.text == "{\"index\":3}")
    }

    @Test func keepsTheConnectionOpenBetweenRequests() async throws {
        let server = try HTTPTestServer(router: echoRouter())
        defer { server.stop() }
        let socket = try RawHTTPSocket(port: server.port)
        for round in 0..<3 {
            socket.send("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 1\r\n\r\n\(round)")
            let response = await socket.readResponse()
            #expect(response?.text == "\(round)")
            #expect(response?.headers["Connection"] == nil)
        }
    }

    @Test func answersPipelinedRequestsInOrder() async throws {
        let server = try HTTPTestServer(router: echoRouter())
        defer { server.stop() }
        let socket = try RawHTTPSocket(port: server.port)
        socket.send((0..<20).map { "POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 2\r\n\r\n\($0 + 10)" }.joined()
            + "GET /health HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n")
        let answers = responses(in: await socket.readToEnd())
        #expect(answers.map(\.text) == (0..<20).map { "\($0 + 10)" } + ["ok"])
        #expect(answers.last?.headers["Connection"] == "close")
    }

    @Test func answersPipelinedRequestsInOrderWhenHandlersAnswerLater() async throws {
        // Answers come from another thread (a second loop; not the test's cooperative pool,
        // which blocking test sockets may occupy), after delays that would reorder them.
        let worker = try EventLoop.spawn(name: "http-test-worker")
        defer { worker.shutdown() }
        let server = try HTTPTestServer { request, responder in
            let delay = request.body.first.map { Int64($0 % 3) * 5 } ?? 0
            worker.execute {
                worker.schedule(afterMilliseconds: delay) { responder.respond(HTTPResponse(status: .ok, body: request.body)) }
            }
        }
        defer { server.stop() }
        let socket = try RawHTTPSocket(port: server.port)
        socket.send((0..<10).map { "POST /x HTTP/1.1\r\nHost: t\r\nContent-Length: 1\r\n\r\n\($0)" }.joined()
            + "POST /x HTTP/1.1\r\nHost: t\r\nContent-Length: 1\r\nConnection: close\r\n\r\nz")
        #expect(responses(in: await socket.readToEnd()).map(\.text) == (0..<10).map { "\($0)" } + ["z"])
    }

    @Test func ignoresASecondAnswerToTheSameRequest() async throws {
        let server = try HTTPTestServer { request, responder in
            responder.respond(.text(.ok, "first"))
            responder.respond(.text(.ok, "second"))
        }
        defer { server.stop() }
        let socket = try RawHTTPSocket(port: server.port)
        socket.send("GET /a HTTP/1.1\r\nHost: t\r\n\r\nGET /b HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n")
        #expect(responses(in: await socket.readToEnd()).map(\.text) == ["first", "first"])
    }

    @Test func refusesRequestsOverTheLimitsWithTheirStatus() async throws {
        let limits = HTTPRequestParser.Limits(requestLineBytes: 256, headerBytes: 512, headerFields: 20, bodyBytes: 1_024)
        let server = try HTTPTestServer(.init(session: .init(limits: limits)), router: echoRouter())
        defer { server.stop() }
        let cases: [(String, [Int])] = [
            ("GET /" + String(repeating: "a", count: 300) + " HTTP/1.1\r\nHost: t\r\n\r\n", [414]),
            ("GET /health HTTP/1.1\r\nHost: t\r\nX: " + String(repeating: "b", count: 600) + "\r\n\r\n", [431]),
            ("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 5000\r\n\r\n", [413]),
            ("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: nope\r\n\r\n", [400]),
            ("POST /echo HTTP/1.1\r\nHost: t\r\n\r\n{\"index\":0}", [200, 400]),  // no length: no body, then a bad line
            ("POST /echo HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", [501]),
            ("GET /health HTTP/1.1\r\n\r\n", [400]),
            ("\u{16}\u{03}\u{01}\u{02}\u{00}\u{01}\u{00}\u{01}\u{fc}\r\n\r\n", [400]),
        ]
        for (request, statuses) in cases {
            let socket = try RawHTTPSocket(port: server.port)
            socket.send(request)
            let answers = responses(in: await socket.readToEnd())  // the server closes after refusing
            #expect(answers.map(\.status.code) == statuses, "\(request.prefix(40).debugDescription)")
            #expect(answers.last?.headers["Connection"] == "close")
        }
    }

    @Test func refusesAnEndlessHeaderWithoutBufferingIt() async throws {
        let limits = HTTPRequestParser.Limits(headerBytes: 4_096)
        let server = try HTTPTestServer(.init(session: .init(limits: limits)), router: echoRouter())
        defer { server.stop() }
        let socket = try RawHTTPSocket(port: server.port)
        socket.send("GET /health HTTP/1.1\r\nHost: t\r\nX-Flood: ")
        for _ in 0..<16 { socket.send(String(repeating: "x", count: 1_024)) }
        #expect(await socket.readResponse()?.status.code == 431)
    }

    @Test func answers408ToASlowClientAndCloses() async throws {
        let clock = ManualClock()  // the request timeout passes when the test moves the clock
        let server = try HTTPTestServer(.init(session: .init(requestTimeoutMilliseconds: 150)), clock: clock, router: echoRouter())
        defer { server.stop() }
        let socket = try RawHTTPSocket(port: server.port, timeoutSeconds: 60)  // the clock moves only while the pool runs the test
        socket.send("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 10\r\n\r\nabc")
        let answers = responses(in: await clock.advancing(by: 50) { await socket.readToEnd() })
        #expect(answers.map(\.status.code) == [408])
    }

    @Test func answers408ToASilentClient() async throws {
        let clock = ManualClock()  // the request timeout passes when the test moves the clock
        let server = try HTTPTestServer(.init(session: .init(requestTimeoutMilliseconds: 150)), clock: clock, router: echoRouter())
        defer { server.stop() }
        let socket = try RawHTTPSocket(port: server.port, timeoutSeconds: 60)  // the clock moves only while the pool runs the test
        #expect(responses(in: await clock.advancing(by: 50) { await socket.readToEnd() }).map(\.status.code) == [408])
    }

    @Test func closesAnIdleKeptAliveConnectionWithoutAnAnswer() async throws {
        let session = HTTPServerSession.Configuration(requestTimeoutMilliseconds: 10_000, idleTimeoutMilliseconds: 150)
        let clock = ManualClock()  // the idle timeout passes when the test moves the clock
        let server = try HTTPTestServer(.init(session: session), clock: clock, router: echoRouter())
        defer { server.stop() }
        let socket = try RawHTTPSocket(port: server.port)
        socket.send("GET /health HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(await socket.readResponse()?.text == "ok")
        // closed quietly, before the socket's 10 s read timeout
        #expect(await clock.advancing(by: 50) { await socket.readToEnd() }.isEmpty)
    }

    @Test func aStalledClientDoesNotBlockAnother() async throws {
        let server = try HTTPTestServer(router: echoRouter())
        defer { server.stop() }
        let stalled = try RawHTTPSocket(port: server.port)
        stalled.send("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 100\r\n\r\nonly part of the body")
        let silent = try RawHTTPSocket(port: server.port)
        for _ in 0..<5 {
            let response = try await server.client(.init(responseTimeoutMilliseconds: 5_000)).get("/health")
            #expect(response.text == "ok")
        }
        _ = silent
    }

    @Test func answers404And405OverTheWire() async throws {
        let server = try HTTPTestServer(router: echoRouter())
        defer { server.stop() }
        let client = server.client()
        #expect(try await client.get("/nowhere").status.code == 404)
        let wrong = try await client.get("/echo")
        #expect(wrong.status.code == 405)
        #expect(wrong.headers["Allow"] == "POST")
        let head = try await client.send(HTTPRequest(method: .head, target: "/health"))
        #expect(head.status.code == 200)
        #expect(head.body.isEmpty)
        #expect(head.headers["Content-Length"] == "2")
    }

    @Test func waitsForASlowReaderInsteadOfBufferingWithoutBound() async throws {
        let big = [UInt8](repeating: 0x61, count: 256 << 10)
        var router = HTTPRouter()
        router.on(.get, "/big") { _ in HTTPResponse(status: .ok, body: big) }
        // A clock never moved: under a loaded suite the 30 s send timeout on real time passed before
        // this reader got to read, and the server dropped it (seen: 0 answers after 44 s).
        let server = try HTTPTestServer(.init(outputLimit: 1 << 20, outputHighWater: 256 << 10), clock: ManualClock(), router: router)
        defer { server.stop() }
        let socket = try RawHTTPSocket(port: server.port)
        let count = 64  // 16 MiB of answers, far more than the output limit
        socket.send(String(repeating: "GET /big HTTP/1.1\r\nHost: t\r\n\r\n", count: count - 1)
            + "GET /big HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n")
        // The server fills the socket, then waits for it to drain: polled (with a deadline) until
        // 64 KiB of answers wait unread (`ioctl(FIONREAD)`), instead of a fixed wait.
        var unread: CInt = 0
        for _ in 0..<1_000 where unread < 64 << 10 {
            _ = ioctl(socket.fd, UInt(FIONREAD), &unread)
            if unread < 64 << 10 { try await Task.sleep(for: .milliseconds(10)) }
        }
        #expect(unread >= 64 << 10)
        let answers = responses(in: await socket.readToEnd())
        #expect(answers.count == count)
        #expect(answers.allSatisfy { $0.body == big })
    }

    @Test func disconnectsAClientThatStopsReadingItsAnswers() async throws {
        let big = [UInt8](repeating: 0x61, count: 1 << 20)
        var router = HTTPRouter()
        router.on(.get, "/big") { _ in HTTPResponse(status: .ok, body: big) }
        let clock = ManualClock()  // the send timeout passes when the test moves the clock
        let server = try HTTPTestServer(.init(outputHighWater: 64 << 10, sendTimeoutMilliseconds: 100), clock: clock, router: router)
        defer { server.stop() }
        let socket = try RawHTTPSocket(port: server.port)
        let count = 64
        socket.send(String(repeating: "GET /big HTTP/1.1\r\nHost: t\r\n\r\n", count: count))
        #expect(await clock.advancing(by: 50) { await server.waitUntilIdle() })  // the server gave up on this client
        let received = await socket.readToEnd()
        #expect(received.count < count * big.count)
    }

    @Test func answersARequestSentBeforeTheClientHalfClosed() async throws {
        let clock = ManualClock()  // the late answers' 20 ms pass when the test moves the clock
        let worker = try EventLoop.spawn(name: "http-test-worker", clock: clock)
        defer { worker.shutdown() }
        // The server's own timeouts on a clock never moved: on real time its 10 s request timeout
        // answered 408 when a loaded suite delayed the late answers (seen failing under load).
        let server = try HTTPTestServer(clock: ManualClock()) { request, responder in
            worker.execute { worker.schedule(afterMilliseconds: 20) { responder.respond(.text(.ok, "late")) } }
        }
        defer { server.stop() }
        let socket = try RawHTTPSocket(port: server.port, timeoutSeconds: 60)  // the clock moves only while the pool runs the test
        socket.send("GET /a HTTP/1.1\r\nHost: t\r\n\r\nGET /b HTTP/1.1\r\nHost: t\r\n\r\n")
        shutdown(socket.fd, CInt(SHUT_WR))
        #expect(responses(in: await clock.advancing(by: 20) { await socket.readToEnd() }).map(\.text) == ["late", "late"])
    }

    @Test func answers503ForAHandlerThatNeverAnswers() async throws {
        let session = HTTPServerSession.Configuration(handlerTimeoutMilliseconds: 100)
        let clock = ManualClock()  // the handler timeout passes when the test moves the clock
        let server = try HTTPTestServer(.init(session: session), clock: clock) { _, _ in }
        defer { server.stop() }
        let client = server.client()
        let response = try await clock.advancing(by: 50) { () async -> Result<HTTPResponse, HTTPError> in
            do throws(HTTPError) { return .success(try await client.get("/stuck")) } catch { return .failure(error) }
        }.get()
        #expect(response.status.code == 503)
        #expect(response.headers["Connection"] == "close")
    }
}

@Suite struct HTTPServerConnectionCapTests {
    @Test func oneAddressCannotHoldMoreThanItsShareOfConnections() async throws {
        var configuration = HTTPServer.Configuration()
        configuration.maximumConnectionsPerAddress = 2
        // Generous timeouts: on a loaded machine the 408 deadline must not close a connection first.
        configuration.session.requestTimeoutMilliseconds = 600_000
        configuration.session.idleTimeoutMilliseconds = 600_000
        var router = HTTPRouter()
        router.on(.get, "/health") { _ in .text(.ok, "ok") }
        let server = try HTTPTestServer(configuration, router: router)
        defer { server.stop() }
        // Given two connections from 127.0.0.1, each served once (so the server holds both).
        let first = try RawHTTPSocket(port: server.port), second = try RawHTTPSocket(port: server.port)
        for socket in [first, second] {
            socket.send("GET /health HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(await socket.readResponse()?.status == .ok)
        }

        // When a third connects from the same address, it is answered 503 and closed.
        let third = try RawHTTPSocket(port: server.port)
        let refused = await third.readResponse()
        #expect(refused?.status == .serviceUnavailable)
        #expect(refused?.text.contains("from your address") == true)

        // Then once one of the two closes, a new connection is served again.
        shutdown(first.fd, CInt(SHUT_RDWR))  // not close: its deinit closes the descriptor
        #expect(await waitUntil(on: server.loop) { server.server.openConnections == 1 })
        let fourth = try RawHTTPSocket(port: server.port)
        fourth.send("GET /health HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(await fourth.readResponse()?.status == .ok)
    }
}
