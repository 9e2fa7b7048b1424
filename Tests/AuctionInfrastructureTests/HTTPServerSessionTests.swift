import AuctionInfrastructure
import Testing

@Suite struct HTTPServerSessionTests {
    private let get = "GET /health HTTP/1.1\r\nHost: x\r\n\r\n"

    private func dispatched(_ actions: [HTTPServerSession.Action]) -> [HTTPRequest] {
        actions.compactMap { if case .dispatch(let request) = $0 { request } else { nil } }
    }

    private func written(_ actions: [HTTPServerSession.Action]) -> String {
        actions.map { if case .write(let bytes) = $0 { String(decoding: bytes, as: UTF8.self) } else { "" } }.joined()
    }

    @Test func answersPipelinedRequestsOneAtATimeInOrder() {
        var session = HTTPServerSession(now: 0)
        let first = session.receive(Array((get + "GET /second HTTP/1.1\r\nHost: x\r\n\r\n").utf8), now: 1)
        #expect(dispatched(first).map(\.path) == ["/health"])
        #expect(session.isAwaitingResponse)
        let second = session.respond(.text(.ok, "a"), now: 2)
        #expect(written(second).hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(dispatched(second).map(\.path) == ["/second"])
        let third = session.respond(.text(.ok, "b"), now: 3)
        #expect(third.count == 1)
        #expect(!session.isClosing)
        #expect(session.requestsServed == 2)
    }

    @Test func closesAfterConnectionCloseOrHTTP10() {
        var session = HTTPServerSession(now: 0)
        _ = session.receive(Array("GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".utf8), now: 0)
        let actions = session.respond(.text(.ok, "a"), now: 0)
        #expect(written(actions).contains("Connection: close\r\n"))
        #expect(actions.last == .close)

        var old = HTTPServerSession(now: 0)
        _ = old.receive(Array("GET / HTTP/1.0\r\n\r\n".utf8), now: 0)
        #expect(old.respond(.text(.ok, "a"), now: 0).last == .close)

        var kept = HTTPServerSession(now: 0)
        _ = kept.receive(Array("GET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\n".utf8), now: 0)
        let keptActions = kept.respond(.text(.ok, "a"), now: 0)
        #expect(written(keptActions).contains("Connection: keep-alive\r\n"))
        #expect(keptActions.last != .close)
    }

    @Test func omitsTheBodyForHead() {
        var session = HTTPServerSession(now: 0)
        _ = session.receive(Array("HEAD / HTTP/1.1\r\nHost: x\r\n\r\n".utf8), now: 0)
        #expect(written(session.respond(.text(.ok, "hello"), now: 0)).hasSuffix("Content-Length: 5\r\n\r\n"))
    }

    @Test func refusesAMalformedRequestAndCloses() {
        var session = HTTPServerSession(now: 0)
        let actions = session.receive(Array("NOT HTTP\r\n\r\n".utf8), now: 0)
        #expect(written(actions).hasPrefix("HTTP/1.1 400 Bad Request\r\n"))
        #expect(actions.last == .close)
        #expect(session.isClosing)
        #expect(session.receive(Array(get.utf8), now: 1).isEmpty)
    }

    @Test func sendsContinueWhenAsked() {
        var session = HTTPServerSession(now: 0)
        let actions = session.receive(Array("POST / HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\n".utf8), now: 0)
        #expect(written(actions) == "HTTP/1.1 100 Continue\r\n\r\n")
        #expect(dispatched(session.receive(Array("{}".utf8), now: 1)).count == 1)
    }

    @Test func timesOutASlowRequestWith408() {
        let configuration = HTTPServerSession.Configuration(requestTimeoutMilliseconds: 100, idleTimeoutMilliseconds: 1_000)
        var session = HTTPServerSession(configuration: configuration, now: 0)
        #expect(session.checkTimeouts(now: 50).isEmpty)
        _ = session.receive(Array("GET / HT".utf8), now: 60)
        #expect(session.nextDeadline == 160)
        #expect(session.checkTimeouts(now: 150).isEmpty)
        let actions = session.checkTimeouts(now: 160)
        #expect(written(actions).hasPrefix("HTTP/1.1 408 Request Timeout\r\n"))
        #expect(actions.last == .close)
    }

    @Test func timesOutASilentConnectionWith408() {
        let configuration = HTTPServerSession.Configuration(requestTimeoutMilliseconds: 100, idleTimeoutMilliseconds: 1_000)
        var session = HTTPServerSession(configuration: configuration, now: 0)
        #expect(session.nextDeadline == 100)
        #expect(written(session.checkTimeouts(now: 100)).hasPrefix("HTTP/1.1 408"))
    }

    @Test func closesAnIdleKeptAliveConnectionQuietly() {
        let configuration = HTTPServerSession.Configuration(requestTimeoutMilliseconds: 100, idleTimeoutMilliseconds: 1_000)
        var session = HTTPServerSession(configuration: configuration, now: 0)
        _ = session.receive(Array(get.utf8), now: 10)
        #expect(session.nextDeadline == 30_010)  // the handler's deadline
        _ = session.respond(.text(.ok, "a"), now: 20)
        #expect(session.nextDeadline == 1_020)
        #expect(session.checkTimeouts(now: 1_019).isEmpty)
        #expect(session.checkTimeouts(now: 1_020) == [.close])
    }

    @Test func asksToPauseReadingWhenPipelinedBytesExceedTheBound() {
        let configuration = HTTPServerSession.Configuration(pipelineBytes: 40)
        var session = HTTPServerSession(configuration: configuration, now: 0)
        #expect(dispatched(session.receive(Array(get.utf8), now: 0)).count == 1)
        #expect(session.receive(Array(get.utf8), now: 0).isEmpty)
        #expect(!session.wantsReadingPaused)
        #expect(session.receive(Array(get.utf8), now: 0).isEmpty)
        #expect(session.wantsReadingPaused)
        #expect(dispatched(session.respond(.text(.ok, "a"), now: 1)).count == 1)
        #expect(!session.wantsReadingPaused)
    }

    @Test func answersWhatArrivedBeforeTheClientHalfClosed() {
        var session = HTTPServerSession(now: 0)
        #expect(dispatched(session.receive(Array((get + get).utf8), now: 0)).count == 1)
        #expect(session.inputClosed(now: 1).isEmpty)
        #expect(dispatched(session.respond(.text(.ok, "a"), now: 2)).count == 1)
        let last = session.respond(.text(.ok, "b"), now: 3)
        #expect(written(last).hasPrefix("HTTP/1.1 200 OK"))
        #expect(last.last == .close)
    }

    @Test func closesAtHalfCloseWhenNothingIsPending() {
        var session = HTTPServerSession(now: 0)
        _ = session.receive(Array("GET / HT".utf8), now: 0)
        #expect(session.inputClosed(now: 1) == [.close])
        #expect(session.isClosing)
    }

    @Test func answers503WhenTheHandlerTakesTooLong() {
        let configuration = HTTPServerSession.Configuration(handlerTimeoutMilliseconds: 100)
        var session = HTTPServerSession(configuration: configuration, now: 0)
        _ = session.receive(Array(get.utf8), now: 10)
        #expect(session.checkTimeouts(now: 109).isEmpty)
        let actions = session.checkTimeouts(now: 110)
        #expect(written(actions).hasPrefix("HTTP/1.1 503 Service Unavailable\r\n"))
        #expect(actions.last == .close)
        #expect(session.respond(.text(.ok, "too late"), now: 120).isEmpty)
    }
}
