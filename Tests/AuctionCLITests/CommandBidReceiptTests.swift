import AuctionCLI
import AuctionCore
import AuctionData
import AuctionInfrastructure
import AuctionLotLog
import AuctionTestSupport
import Testing

@Suite struct CommandBidReceiptTests {
    @Test func anAcceptedBidsReceiptsAreKeptAndTheHelloNamesThem() async throws {
        // Given a server whose accepted reply carries the receipt of the bid's log entry
        let log = LotLogFixture.busyLot(bids: 1, bidders: [.nobody])
        let receipt = log.receipt(at: 2)
        let server = try BiddingFakeServer(features: ProtocolFeature.offeredByServer + [.proxyBids, .receipts]) { _, _, frame in
            BiddingFakeServer.reply(to: frame, result: true, price: 1_100,
                                    fields: JSONObject([("receipts", .array([LotLogDTO.receiptJSON(receipt)]))]))
        }
        let data = try TemporaryDirectory(prefix: "bid-receipts")
        defer { data.remove() }
        // When a bid is placed
        let run = await CommandHarness.run(["bid", "5", "1100", "--yes"], environment: server.environment(["XDG_DATA_HOME": data.path]))
        let hello = server.socket.frames.compactMap { try? ClientMessage(frame: $0.frame) }.first
        await server.stop()
        // Then it is accepted, its receipt is kept, and the client asked for receipts
        #expect(run.status == .success, "\(run.stderr)")
        #expect(try ReceiptStore(directory: data.file("auction/receipts")).receipts(for: ProductID(5)) == [receipt])
        guard case .hello(let wire)? = hello else { Issue.record("no hello first"); return }
        #expect(wire.features.contains(.receipts))
    }
}
