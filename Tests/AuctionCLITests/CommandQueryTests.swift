import AuctionCLI
import AuctionCore
import AuctionData
import AuctionInfrastructure
import AuctionTestSupport
import Testing

/// `list` with discovery options against a fake of the query endpoint: the exact query string, cursor
/// following, usage errors, and a server without the endpoint.
@Suite struct CommandQueryTests {
    static let names = (1...40).map { $0 % 3 == 0 ? "Brass lamp \($0)" : "Oak table \($0)" }

    @Test func searchAndFiltersBecomeTheDocumentedQueryString() async throws {
        let server = try QueryTestServer(names: Self.names)
        defer { server.stop() }
        let run = await CommandHarness.run(["list", "--search", "brass lamp & \"NEAR\"", "--sort", "price", "--ending-within", "1h30m",
                                            "--min-price", "1,000", "--max-price", "2000", "--seller", "kim", "--status", "all"],
                                           environment: server.environment)
        #expect(run.status == .success || run.stderr.contains("no lots"), "stderr: \(run.stderr)")
        #expect(server.targets.withLock { $0 } == [
            "/products/query?search=brass%20lamp%20%26%20%22NEAR%22&sort=price&ending_within=5400&min_price=1000&max_price=2000&seller=kim&status=all",
        ])
    }

    @Test func listAllFollowsCursorsAndPageNWalksThem() async throws {
        let server = try QueryTestServer(names: Self.names)
        defer { server.stop() }
        let all = await CommandHarness.run(["list", "--search", "oak", "--all", "--json"], environment: server.environment)
        #expect(all.status == .success, "stderr: \(all.stderr)")
        let json = try JSONValue.parse(Array(all.stdout.utf8))
        #expect(json["products"]?.arrayValue?.count == 27)
        #expect(json["pages"] == [1, 2])
        #expect(server.targets.withLock { $0 } == ["/products/query?search=oak", "/products/query?search=oak&cursor=k22"])
        let second = await CommandHarness.run(["list", "--search", "lamp", "--page", "2"], environment: server.environment)
        #expect(second.status == .refused, "13 lamps fit on page 1: \(second.stderr)")
        let lamps = await CommandHarness.run(["list", "--search", "lamp"], environment: server.environment)
        #expect(lamps.stdout.contains("Brass lamp 39") && !lamps.stdout.contains("Oak table"), "stdout: \(lamps.stdout)")
    }

    @Test func withoutOptionsTheOriginalEndpointsServe() async throws {
        let server = try QueryTestServer(names: Self.names)
        defer { server.stop() }
        let run = await CommandHarness.run(["list", "--status", "open"], environment: server.environment)
        #expect(run.status == .success)
        #expect(server.targets.withLock { $0 }.isEmpty)
    }

    @Test func aServerWithoutTheQueryEndpointIsNotSupportedExitTwo() async throws {
        let server = try QueryTestServer(names: Self.names, queries: false)
        defer { server.stop() }
        let run = await CommandHarness.run(["list", "--sort", "ending"], environment: server.environment)
        #expect(run.status == .usage)
        #expect(run.stderr.contains("not supported by this server"), "stderr: \(run.stderr)")
        let watch = await CommandHarness.run(["watch", "--search", "lamp"], environment: server.environment)
        #expect(watch.status == .usage)
        #expect(watch.stderr.contains("not supported by this server"), "stderr: \(watch.stderr)")
    }

    @Test(arguments: [
        ["--sort", "cheapest"], ["--sort", "id"], ["--status", "sold"], ["--min-price", "500", "--max-price", "100"],
        ["--min-price", "-5"], ["--ending-within", "soon"], ["--ending-within", "1m1h"], ["--ending-within", "0"],
        ["--search", "   "],
    ])
    func badValuesAreUsageErrors(_ options: [String]) async throws {
        let run = await CommandHarness.run(["list"] + options, environment: ["AUCTION_HTTP": "http://127.0.0.1:9"])
        #expect(run.status == .usage, "\(options): \(run.stderr)")
    }

    @Test func watchRefusesAQueryWithIds() async throws {
        let run = await CommandHarness.run(["watch", "--ids", "1,2", "--search", "lamp"], environment: ["AUCTION_HTTP": "http://127.0.0.1:9"])
        #expect(run.status == .usage)
    }

    @Test func durationsReadLargestUnitFirst() {
        #expect(DurationText.seconds("1h30m") == 5_400)
        #expect(DurationText.seconds("2d") == 172_800)
        #expect(DurationText.seconds("90s") == 90)
        #expect(DurationText.seconds("45m10s") == 2_710)
        #expect(DurationText.seconds("30m1h") == nil)
        #expect(DurationText.seconds("1h30") == nil)
        #expect(DurationText.seconds("99999999999999999999d") == nil)
    }

    @Test func reconnectsReplayTheQueryStateAfterTheListStateOnlyToOurServer() {
        let ours = SocketSession(dialect: .auction)
        ours.loadedPages = 2
        ours.query = CatalogueQuery(search: "lamp")
        #expect(ours.replayFrames().map(\.dataType) == [ClientMessage.DataType.listState, ClientMessage.DataType.queryState])
        let original = SocketSession(dialect: .original)
        original.loadedPages = 2
        original.query = CatalogueQuery(search: "lamp")
        #expect(original.replayFrames().map(\.dataType) == [ClientMessage.DataType.listState])
    }

    @Test func requestThirteenCarriesTheQueryAndReadsBack() throws {
        let query = CatalogueQuery(search: "lamp", sort: .ending, endingWithinSeconds: 3_600, minimumPrice: 100, seller: "kim")
        let message = ClientMessage.queryState(parameters: CatalogueQueryDTO.parameters(of: query), pages: 2)
        #expect(message.dataType == 13)
        #expect(message.data["pages"] == 2)
        #expect(message.data["query"]?["ending_within"] == "3600")
        #expect(message.data["query"]?["status"] == "open")
        #expect(try ClientMessage(frame: message.frame) == message)
    }
}
