import AuctionCore
import AuctionImage
import AuctionInfrastructure
import AuctionServer
import AuctionTestSupport
import Testing

/// Issue 22, metrics: sellers' lots are counted listed, edited and withdrawn, and image uploads
/// (`POST /images`) accepted and refused; a buy-now and a chat message each count too.
@Suite struct ServerMetricsSellingTests {
    @Test func lotsAndImagesAreCountedByOutcome() async throws {
        let running = try await ServerImageTests.Running.start { $0.metricsPort = 0 }
        defer { running.stop() }
        let listed = try await ServerSellingTests.sell(running, fields: ServerSellingTests.valid)
        let kept = try await ServerSellingTests.sell(running, fields: ServerSellingTests.valid)
        #expect(listed.status.code == 201 && kept.status.code == 201)
        let id = try #require(ServerSellingTests.object(listed)["id"] as? Int)
        #expect(try await ServerSellingTests.request(running, .patch, "/products/\(id)", json: "{\"name\":\"Brass lamp, polished\"}").status.code == 200)
        #expect(try await ServerSellingTests.request(running, .delete, "/products/\(id)").status.code == 200)
        let png = try PNGEncoder.encode(ServerImageTests.picture(16))
        #expect(try await running.upload(png, type: "image/png").status.code < 300)
        #expect(try await running.upload(Array(png.prefix(png.count / 2)), type: "image/png").status.code == 400)

        // Another user buys the kept lot now and says one thing in a chat room.
        let keptID = try #require(ServerSellingTests.object(kept)["id"] as? Int)
        #expect(try await ServerSellingTests.request(running, .patch, "/products/\(keptID)", json: "{\"buy_now\":5000}").status.code == 200)
        let buyer = try TestClient(port: running.addresses.socket.port)
        defer { buyer.close() }
        #expect(try await buyer.request(.login(token: try await ServerSellingTests.register(running, "buyer"))).result)
        #expect(try await buyer.request(.buyNow(ProductID(keptID), idempotencyKey: nil)).result)
        #expect(try await buyer.request(.chatJoin(room: "lobby")).result)
        #expect(try await buyer.request(.chatSend(room: "lobby", text: "sold!")).result)

        let page = try await ScrapedMetrics.scrape(running.addresses)
        #expect(page.lines.contains("auction_lots_total{change=\"listed\"} 2"), "\(page.text)")
        #expect(page.lines.contains("auction_lots_total{change=\"edited\"} 2"))
        #expect(page.lines.contains("auction_buys_total 1"))
        #expect(page.lines.contains("auction_chat_messages_total 1"))
        #expect(page.lines.contains("auction_lots_total{change=\"withdrawn\"} 1"))
        #expect(page.lines.contains("auction_images_total{outcome=\"accepted\"} 1"))
        #expect(page.lines.contains("auction_images_total{outcome=\"refused\"} 1"))
    }
}
