import AuctionCore
import AuctionData
import AuctionInfrastructure
import AuctionServer
import AuctionTestSupport
import Testing

@Suite struct LogRepeatFilterTests {
    @Test func aFloodOfSimilarLinesIsCutToAFewAndSummarised() {
        let clock = ManualClock()
        let lines = Mutex<[String]>([])
        let log = ServerLog(level: .info, sink: { line in lines.withLock { $0.append(line) } },
                            repeats: LogRepeatFilter.Configuration(linesPerWindow: 10, windowMilliseconds: 10_000),
                            clock: clock)

        // Given: 40,000 refusals within one window, differing only in numbers.
        for index in 0..<40_000 {
            log.info("accounts: login from 127.0.\(index % 256).1 refused: rate limited for \(60_000 - index) ms")
        }
        #expect(lines.withLock { $0.count } == 10)

        // When: the window has passed and anything is logged.
        clock.advance(milliseconds: 10_000)
        log.info("server: stopping")

        // Then: one summary says how many were held back, then the new line.
        let written = lines.withLock { $0 }
        #expect(written.count == 12)
        #expect(written[10].contains("info log: repeated 39990 more times in 10 s"))
        #expect(written[10].contains("rate limited for"))
        #expect(written[11].hasSuffix("info server: stopping"))
    }

    @Test func differentKindsOfLinesAreCountedApartAndFlushedAtStop() {
        let clock = ManualClock()
        let lines = Mutex<[String]>([])
        let log = ServerLog(level: .debug, sink: { line in lines.withLock { $0.append(line) } },
                            repeats: LogRepeatFilter.Configuration(linesPerWindow: 2), clock: clock)
        for _ in 0..<5 {
            log.warning("socket: disconnecting #1: too slow")
            log.debug("socket: #2 connected")
        }
        log.info("auction: 3 closed at 420,000, winner alice")
        #expect(lines.withLock { $0.count } == 5)

        log.flush()

        let written = lines.withLock { $0 }
        #expect(written.count == 7)
        #expect(written.contains { $0.contains("warning log: repeated 3 more times") })
        #expect(written.contains { $0.contains("debug log: repeated 3 more times") })
    }

    @Test func zeroLinesPerWindowWritesEveryLine() {
        var filter = LogRepeatFilter(configuration: .init(linesPerWindow: 0))
        let now = Timestamp(millisecondsSinceEpoch: 0)
        let written = (0..<100).flatMap { _ in filter.admit(.info, "same", now: now) }
        #expect(written.count == 100)
    }

    @Test func theServerBinarysLogIsBoundedUnderALoginFlood() async throws {
        let directory = try TemporaryDirectory(prefix: "log-flood")
        defer { directory.remove() }
        var configuration = ServerConfiguration.ephemeral(databasePath: directory.file("auction.sqlite"))
        configuration.accounts.failedLoginsPerAddress = .perHour(1)
        let lines = Mutex<[String]>([])
        let still = ManualClock()  // the window never ends during the test
        let log = ServerLog(level: .info, sink: { line in lines.withLock { $0.append(line) } }, repeats: configuration.logRepeats,
                            clock: still)
        let server = AuctionHouseServer(configuration: configuration, log: log)
        let addresses = try server.start()
        let loop = try EventLoop.spawn(name: "test-http")
        defer { loop.shutdown() }
        let http = HTTPClient(baseURL: try HTTPBaseURL(parsing: addresses.httpURL), loop: loop)

        var refused = 0
        for _ in 0..<200 {
            let answer = try await http.post("/users/login", json: AccountDTO.credentialsBody(name: "nobody", password: "wrong password"))
            if answer.status.code == 429 { refused += 1 }
        }
        server.stop()

        #expect(refused == 199)
        let written = lines.withLock { $0 }
        #expect(written.filter { $0.contains("refused: rate limited") && !$0.contains("log: repeated") }.count == 10)
        #expect(written.contains { $0.contains("log: repeated 189 more times") })
    }
}

@Suite struct ReasonPhraseTests {
    @Test func everyStatusTheServerSendsHasItsStandardPhrase() {
        let statuses: [HTTPStatus] = [.continue, .ok, .created, .noContent, .badRequest, .unauthorized, .notFound,
                                      .methodNotAllowed, .requestTimeout, .conflict, .lengthRequired, .contentTooLarge,
                                      .uriTooLong, .tooManyRequests, .headerFieldsTooLarge, .internalServerError,
                                      .notImplemented, .serviceUnavailable, .versionNotSupported]
        for status in statuses { #expect(status.reasonPhrase != "Status", "\(status.code) has no phrase") }
        #expect(HTTPStatus(code: 401).description == "401 Unauthorized")
        #expect(HTTPStatus(code: 409).description == "409 Conflict")
        #expect(HTTPStatus(code: 429).description == "429 Too Many Requests")
        #expect(HTTPStatus(code: 403).description == "403 Forbidden")
    }

    @Test func accountAnswersCarryTheirStandardPhrasesOnTheWire() async throws {
        let directory = try TemporaryDirectory(prefix: "phrases")
        defer { directory.remove() }
        var configuration = ServerConfiguration.ephemeral(databasePath: directory.file("auction.sqlite"))
        configuration.accounts.failedLoginsPerAddress = .perHour(1)
        let server = AuctionHouseServer(configuration: configuration, log: .silent)
        let addresses = try server.start()
        defer { server.stop() }
        let port = addresses.http.port
        func status(_ path: String, _ body: String) async -> String? {
            await offPool { SourceBoundHTTP.post(port: port, from: "127.0.0.1", path: path, json: body)?.status }
        }
        let credentials = "{\"name\":\"pat\",\"password\":\"correct horse\"}"

        #expect(await status("/users/register", credentials) == "HTTP/1.1 201 Created")
        #expect(await status("/users/register", credentials) == "HTTP/1.1 409 Conflict")
        #expect(await status("/users/login", "{\"name\":\"pat\",\"password\":\"wrong horse\"}") == "HTTP/1.1 401 Unauthorized")
        #expect(await status("/users/login", "{\"name\":\"pat\",\"password\":\"wrong horse\"}") == "HTTP/1.1 429 Too Many Requests")
    }
}
