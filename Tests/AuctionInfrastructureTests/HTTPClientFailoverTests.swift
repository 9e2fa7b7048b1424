import AuctionInfrastructure
import AuctionTestSupport
import Glibc
import Testing

/// Several HTTP bases (the servers of one auction house) over real loopback listeners: a request safe
/// to repeat that got no answer, or `503`, goes to the next base; any other answer, or a request not
/// safe to repeat, is not sent again.
@Suite(.timeLimit(.minutes(1))) struct HTTPClientFailoverTests {
    /// A live server counting the requests it answers: `/health` (GET), `/echo` (POST), `/busy` (503),
    /// `/broken` (500); with `unavailable` every route answers 503 (a node whose store is out of reach).
    static func countingServer(_ count: Mutex<Int>, unavailable: Bool = false) throws -> HTTPTestServer {
        var router = HTTPRouter()
        router.on(.get, "/health") { _ in
            count.withLock { $0 += 1 }
            return unavailable ? .text(.serviceUnavailable, "busy") : .text(.ok, "ok")
        }
        router.on(.post, "/echo") { request in
            count.withLock { $0 += 1 }
            if unavailable { return .text(.serviceUnavailable, "busy") }
            return HTTPResponse(status: .ok, contentType: "application/octet-stream", body: request.body)
        }
        router.on(.get, "/broken") { _ in
            count.withLock { $0 += 1 }
            return .text(.internalServerError, "broken")
        }
        router.on(.get, "/busy") { _ in
            count.withLock { $0 += 1 }
            return .text(.serviceUnavailable, "busy")
        }
        return try HTTPTestServer(router: router)
    }

    static func base(_ port: Int) -> HTTPBaseURL { HTTPBaseURL(host: "127.0.0.1", port: port) }

    @Test func aGetThatCannotConnectGoesToTheNextBase() async throws {
        let answered = Mutex(0)
        let live = try Self.countingServer(answered)
        defer { live.stop() }
        let (fd, dead) = LoopbackPort.refusing()
        defer { close(fd) }
        let client = HTTPClient(baseURL: Self.base(dead), alternateBaseURLs: [Self.base(live.port)], loop: live.loop)
        let response = try await client.get("/health")
        #expect(response.status == .ok && response.text == "ok")
        #expect(answered.withLock { $0 } == 1)
    }

    @Test func aConnectionClosedWithoutAnswerMovesOnAndLaterRequestsStartWithTheBaseThatAnswered() async throws {
        let answered = Mutex(0), accepted = Mutex(0)
        let live = try Self.countingServer(answered)
        defer { live.stop() }
        // The first node accepts and closes at once (a node going down): no answer came.
        let closing = try TCPListener.listen(host: "127.0.0.1", port: 0, on: live.loop) { connection in
            accepted.withLock { $0 += 1 }
            connection.abort()
        }
        defer { live.loop.execute { closing.close() } }
        let client = HTTPClient(baseURL: Self.base(closing.address.port), alternateBaseURLs: [Self.base(live.port)], loop: live.loop)
        #expect(try await client.get("/health").status == .ok)
        #expect(try await client.get("/health").status == .ok)
        // A copy shares the choice.
        let copy = client
        #expect(try await copy.get("/health").status == .ok)
        #expect(accepted.withLock { $0 } == 1, "only the first request tried the closing node")
        #expect(answered.withLock { $0 } == 3)
    }

    @Test func aPostThatIsNotSafeToRepeatIsNotSentElsewhere() async throws {
        let answered = Mutex(0)
        let live = try Self.countingServer(answered)
        defer { live.stop() }
        let (fd, dead) = LoopbackPort.refusing()
        defer { close(fd) }
        let client = HTTPClient(baseURL: Self.base(dead), alternateBaseURLs: [Self.base(live.port)], loop: live.loop)
        await #expect(throws: HTTPError.unreachable(address: "127.0.0.1:\(dead)", detail: "connection refused")) {
            try await client.post("/echo", json: Array("{}".utf8))
        }
        #expect(answered.withLock { $0 } == 0)
    }

    @Test func aPostWithAnIdempotencyKeyOrMarkedRepeatableGoesToTheNextBase() async throws {
        let answered = Mutex(0)
        let live = try Self.countingServer(answered)
        defer { live.stop() }
        let (fd, dead) = LoopbackPort.refusing()
        defer { close(fd) }
        let client = HTTPClient(baseURL: Self.base(dead), alternateBaseURLs: [Self.base(live.port)],
                                configuration: .init(reuseConnections: false), loop: live.loop)
        let keyed = HTTPRequest(method: .post, target: "/echo", headers: ["Idempotency-Key": "k-1"], body: Array("1".utf8))
        #expect(try await client.send(keyed).text == "1")
        // Back to the dead one first, as a fresh client would: a read marked repeatable moves on too.
        let fresh = HTTPClient(baseURL: Self.base(dead), alternateBaseURLs: [Self.base(live.port)], loop: live.loop)
        #expect(try await fresh.post("/echo", json: Array("2".utf8), repeatable: true).text == "2")
        #expect(answered.withLock { $0 } == 2)
    }

    @Test func anAnswerFromTheFirstBaseIsNotRetriedElsewhereUnlessItIsUnavailable() async throws {
        let first = Mutex(0), second = Mutex(0)
        let broken = try Self.countingServer(first), other = try Self.countingServer(second)
        defer { broken.stop(); other.stop() }
        let client = HTTPClient(baseURL: Self.base(broken.port), alternateBaseURLs: [Self.base(other.port)], loop: broken.loop)
        #expect(try await client.get("/broken").status == .internalServerError)
        #expect(first.withLock { $0 } == 1 && second.withLock { $0 } == 0)
        // Every base answering 503: each is asked once, and the caller gets the last 503 (not an error).
        #expect(try await client.get("/busy").status == .serviceUnavailable)
        #expect(first.withLock { $0 } == 2 && second.withLock { $0 } == 1)
    }

    @Test func aRepeatableRequestAnswered503GoesToTheNextBaseAndAWriteDoesNot() async throws {
        let first = Mutex(0), second = Mutex(0)
        let cutOff = try Self.countingServer(first, unavailable: true), other = try Self.countingServer(second)
        defer { cutOff.stop(); other.stop() }
        let client = HTTPClient(baseURL: Self.base(cutOff.port), alternateBaseURLs: [Self.base(other.port)], loop: cutOff.loop)
        // A write not marked repeatable gets the 503 itself: the caller decides.
        #expect(try await client.post("/echo", json: Array("1".utf8)).status == .serviceUnavailable)
        #expect(first.withLock { $0 } == 1 && second.withLock { $0 } == 0)
        // A read moves on and answers from the other node; later requests start there.
        let response = try await client.get("/health")
        #expect(response.status == .ok && response.text == "ok")
        #expect(try await client.post("/echo", json: Array("2".utf8), repeatable: true).text == "2")
        #expect(first.withLock { $0 } == 2 && second.withLock { $0 } == 2)
    }

    @Test func whenNoBaseCanBeReachedTheErrorNamesThemAll() async throws {
        let loop = try EventLoop.spawn(name: "http-failover")
        defer { loop.shutdown() }
        let (fd1, one) = LoopbackPort.refusing(), (fd2, two) = LoopbackPort.refusing()
        defer { close(fd1); close(fd2) }
        let client = HTTPClient(baseURL: Self.base(one), alternateBaseURLs: [Self.base(two)], loop: loop)
        await #expect(throws: HTTPError.unreachable(address: "127.0.0.1:\(one),127.0.0.1:\(two)", detail: "connection refused")) {
            try await client.get("/health")
        }
    }
}
