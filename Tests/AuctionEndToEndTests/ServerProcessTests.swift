import AuctionCore
import AuctionData
import AuctionInfrastructure
import AuctionTestSupport
import Foundation
import Testing

@Suite struct ServerProcessTests {
    @Test func printsOneParseableLineAndStopsCleanlyOnSIGTERM() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let database = folder.file("auction.sqlite")
        let server = try await offPool { try ServerProcess(arguments: ["--db", database, "--allow-anonymous-bids"]) }
        #expect(server.listeningLine.hasPrefix("listening http=127.0.0.1:"))
        #expect(server.stdout == server.listeningLine + "\n")

        let client = try SocketClient(configuration: SocketClientConfiguration(host: "127.0.0.1", port: server.socketPort, reconnects: false))
        client.start()
        let reply = try ServerMessage(frame: try await client.send(
            ClientMessage.bid(Bid(productID: 3, price: 50_000_000), userID: nil).frame))
        client.close()
        guard case .reply(let answer) = reply else { Issue.record("not a reply: \(reply)"); return }
        #expect(answer.completionID == 0 && answer.result && answer.reason == nil && answer.price == 50_000_000, "\(answer)")

        server.send(SIGTERM)

        #expect(await offPool { server.waitForExit() } == 0)
        #expect(try StoreInspection.integrityCheck(database) == ["ok"])
        #expect(try StoreInspection.currentPrice(database, product: 3) == 50_000_000)
        #expect(server.stderr.contains("info server: SIGTERM received"))
        #expect(server.stderr.contains("info server: stopped"))
    }

    @Test func badFlagExitsTwoWithAMessage() async throws {
        let result = try await offPool { try ProcessRunner.run(BuildProducts.executable("auction-server"), ["--http-port", "seventy"]) }

        #expect(result.status == 2)
        #expect(result.stderr.contains("--http-port: 'seventy' is not valid"))
        #expect(result.stdout.isEmpty)
    }

    @Test func helpDescribesTheFlags() async throws {
        let result = try await offPool { try ProcessRunner.run(BuildProducts.executable("auction-server"), ["--help"]) }

        #expect(result.status == 0)
        #expect(result.stdout.contains("--simulate[=RATE]"))
        #expect(result.stdout.contains("AUCTION_SERVER_"))
    }

    @Test func everyAcknowledgedBidSurvivesKillNine() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let database = folder.file("auction.sqlite")
        let server = try await offPool {
            try ServerProcess(arguments: ["--db", database, "--allow-anonymous-bids", "--bids-per-second", "1000000",
                                          "--log-level", "warning"])
        }
        let acknowledged = Mutex<[(product: Int, price: Int64)]>([])

        // Eight bidders raise eight products by the stated minimum as fast as replies come back.
        let clients = try (1...8).map { _ in
            try SocketClient(configuration: SocketClientConfiguration(host: "127.0.0.1", port: server.socketPort, reconnects: false))
        }
        clients.forEach { $0.start() }
        let storm = Task {
            await withTaskGroup(of: Void.self) { group in
                for (index, client) in clients.enumerated() {
                    group.addTask {
                        let product = index + 1
                        var price: Int64 = 100_000_000
                        while true {
                            let bid = ClientMessage.bid(Bid(productID: ProductID(product), price: Money(price)), userID: nil)
                            guard let frame = try? await client.send(bid.frame),
                                  case .reply(let reply) = try? ServerMessage(frame: frame) else { return }
                            if reply.result { acknowledged.withLock { $0.append((product, price)) } }
                            // The next bid is the least the server says it takes now (its `next_minimum`).
                            guard case .int(let next)? = reply.fields["next_minimum"], next > price else { return }
                            price = next
                        }
                    }
                }
            }
        }
        // Kill it mid-storm, once a good number of bids were acknowledged.
        let deadline = Date().addingTimeInterval(60)
        while acknowledged.withLock({ $0.count }) < 200 && Date() < deadline { try await Task.sleep(nanoseconds: 5_000_000) }
        server.send(SIGKILL)
        #expect(await offPool { server.waitForExit() } == 128 + SIGKILL)
        await storm.value
        clients.forEach { $0.close() }

        let acked = acknowledged.withLock { $0 }
        #expect(acked.count >= 200)
        #expect(try StoreInspection.integrityCheck(database) == ["ok"])
        let stored = Set(try StoreInspection.bids(database).map { "\($0.product):\($0.price)" })
        let missing = acked.filter { !stored.contains("\($0.product):\($0.price)") }
        #expect(missing.isEmpty, "acknowledged but not stored: \(missing.prefix(5))")

        // The restarted server carries on from the stored prices.
        let restarted = try await offPool { try ServerProcess(arguments: ["--db", database, "--allow-anonymous-bids"]) }
        let client = try SocketClient(configuration: SocketClientConfiguration(host: "127.0.0.1", port: restarted.socketPort, reconnects: false))
        client.start()
        let highest = acked.filter { $0.product == 1 }.map(\.price).max() ?? 0
        let frame = try await client.send(ClientMessage.bid(Bid(productID: 1, price: Money(highest)), userID: nil).frame)
        client.close()
        guard case .reply(let reply) = try ServerMessage(frame: frame) else {
            Issue.record("expected a reply")
            return
        }
        #expect(reply.reason == .priceTooLow)
        #expect((reply.price?.minorUnits ?? 0) >= highest)
        restarted.send(SIGTERM)
        #expect(await offPool { restarted.waitForExit() } == 0)
    }
}
