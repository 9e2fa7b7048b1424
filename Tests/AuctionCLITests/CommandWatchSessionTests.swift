import AuctionCLI
import AuctionCore
import AuctionData
import AuctionInfrastructure
import AuctionTestSupport
import Testing

@Suite struct CommandWatchSessionTests {
    @Test func pushesBecomeLinesAndTheListStateIsReplayedAfterADrop() async throws {
        let server = try CommandTestServer(products: 20)
        defer { server.stop() }
        let piped = try PipedWatch(server, backoff: ReconnectBackoff(initialMilliseconds: 20, maximumMilliseconds: 100))
        defer { piped.close() }
        let output = piped.output, errors = piped.errors
        let (running, keys) = try await piped.start()

        let listStates = { server.received.withLock { $0.filter { if case .listState(0) = $0 { true } else { false } }.count } }
        #expect(await eventually { listStates() == 1 })
        server.bid(16, 50_000)  // page 2: not watched
        server.bid(5, 40_000)
        #expect(await eventually { output.text.contains("\t5\tItem 5\t40000\t↑ +38950\n") })
        #expect(!output.text.contains("Item 16"))

        server.dropConnections()
        #expect(await eventually { listStates() == 2 }, "the list state is replayed on the new connection")
        server.bid(6, 41_000)
        #expect(await eventually { output.text.contains("\t6\tItem 6\t41000") })
        #expect(errors.text.contains("reconnecting"))
        #expect(output.text.split(separator: "\n").count == 15 + 2, "the snapshot's 15 lines, then one per change: \(output.text)")

        keys.yield(.key(.character("q")))
        let final = await running.value
        #expect(final.board.updatesApplied == 2)
    }
}
