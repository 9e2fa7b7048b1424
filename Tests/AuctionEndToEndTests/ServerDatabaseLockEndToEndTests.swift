import AuctionCore
import AuctionData
import AuctionInfrastructure
import AuctionServer
import AuctionTestSupport
import Foundation
import Testing

@Suite struct ServerDatabaseLockEndToEndTests {
    @Test func aSecondServerProcessOnTheSameDatabaseExitsThreeWithAMessage() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let database = folder.file("auction.sqlite")
        let first = try await offPool { try ServerProcess(arguments: ["--db", database]) }

        let second = try await offPool {
            try ProcessRunner.run(BuildProducts.executable("auction-server"),
                                  ["--db", database, "--http-port", "0", "--socket-port", "0"], timeout: 15)
        }

        #expect(second.status == 3)
        #expect(second.stderr.contains("in use by another auction-server"), "stderr: \(second.stderr)")
        #expect(second.stdout.isEmpty)
        first.send(SIGTERM)
        #expect(await offPool { first.waitForExit() } == 0)
    }

    @Test func afterSIGTERMCopyingOnlyTheSQLiteFileKeepsEveryBid() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let database = folder.file("auction.sqlite")
        let server = try await offPool { try ServerProcess(arguments: ["--db", database, "--allow-anonymous-bids"]) }
        let client = try SocketClient(configuration: SocketClientConfiguration(host: "127.0.0.1", port: server.socketPort, reconnects: false))
        client.start()
        for (product, price) in [(3, 50_000_000), (4, 60_000_000), (3, 70_000_000)] as [(Int, Int64)] {
            let reply = try ServerMessage(frame: try await client.send(
                ClientMessage.bid(Bid(productID: ProductID(product), price: Money(price)), userID: nil).frame))
            guard case .reply(let answer) = reply else { Issue.record("no reply"); return }
            #expect(answer.result)
        }
        client.close()

        server.send(SIGTERM)
        #expect(await offPool { server.waitForExit() } == 0)

        let copy = folder.file("backup.sqlite")
        try FileManager.default.copyItem(atPath: database, toPath: copy)
        #expect(try StoreInspection.integrityCheck(copy) == ["ok"])
        #expect(try StoreInspection.bids(copy).map(\.price) == [50_000_000, 60_000_000, 70_000_000])
        #expect(try StoreInspection.currentPrice(copy, product: 3) == 70_000_000)
    }
}
