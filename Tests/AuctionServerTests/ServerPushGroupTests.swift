import AuctionCore
import AuctionEngine
import AuctionData
import AuctionInfrastructure
import AuctionServer
import AuctionTestSupport
import Glibc
import Testing

/// Bids that arrive in one read are committed and pushed as one group (one shared buffer, a prefix
/// per watcher): every watcher still gets exactly its pushes, each product's in order.
@Suite struct ServerPushGroupTests {
    @Test func groupedPushesReachEachWatcherByItsPagesAndSubscriptions() async throws {
        let fixture = try ServerFixture(listings: ServerFixture.listings(count: 60), configure: {
            $0.allowAnonymousBids = true
            $0.limits.bidsPerSecond = 100_000
        })
        defer { fixture.stop() }
        let onePage = try fixture.client(), twoPages = try fixture.client()
        let allPages = try fixture.client(), subscriber = try fixture.client()
        defer { onePage.close(); twoPages.close(); allPages.close(); subscriber.close() }
        #expect(try await onePage.request(.listState(stateNumber: 0)).result)
        #expect(try await onePage.request(.subscribe([ProductID(50)])).result)
        #expect(try await twoPages.request(.listState(stateNumber: 1)).result)
        #expect(try await allPages.request(.listState(stateNumber: 3)).result)
        #expect(try await subscriber.request(.subscribe([ProductID(20), ProductID(50)])).result)

        // Each round: 60 bids in one send, so the server reads them in one round and commits one group;
        // products in reverse order, so the group's page order differs from acceptance order.
        let bidder = try RawSocket(port: fixture.socketPort)
        defer { bidder.close() }
        for round: Int64 in 1...3 {
            var burst = ""
            for product in (1...60).reversed() {
                burst += #"{"dataType":2,"completionId":\#(product),"data":{"product_id":\#(product),"product_price":\#(10_000 + round * 1_000)}}/"#
            }
            #expect(bidder.send(burst))
            let replies = await bidder.readFrames(60)
            #expect(replies.count == 60)
            #expect(replies.allSatisfy { $0.data["result"]?.boolValue == true })
        }

        func expectPrices(_ client: TestClient, products: [Int]) async {
            #expect(await eventually { client.prices.count >= products.count * 3 })
            let prices = client.prices
            #expect(prices.count == products.count * 3)
            #expect(Set(prices.map(\.productID.rawValue)) == Set(products))
            for product in products {
                let seen = prices.filter { $0.productID.rawValue == product }.map(\.price)
                #expect(seen == [Money(11_000), Money(12_000), Money(13_000)], "product \(product)")
            }
        }
        await expectPrices(onePage, products: Array(1...15) + [50])
        await expectPrices(twoPages, products: Array(1...30))
        await expectPrices(allPages, products: Array(1...60))
        await expectPrices(subscriber, products: [20, 50])
    }

    @Test func groupedPushesToALaggingWatcherCoalesceAndKeepTheLatestPrice() async throws {
        let fixture = try ServerFixture(listings: ServerFixture.listings(count: 60), configure: {
            $0.allowAnonymousBids = true
            $0.limits.bidsPerSecond = 100_000
            $0.limits.outputSoftLimit = 4_096
            $0.limits.outputHardLimit = 64 * 1_024
            // Coalescing is under test, not the write deadline: a loaded machine may take longer than
            // its default 30 s for the 60 rounds, and the watcher must not be dropped for it.
            $0.limits.writeDeadlineMilliseconds = 600_000
        })
        defer { fixture.stop() }
        // Loads every page, then reads nothing until the bids are done.
        let slow = try RawSocket(port: fixture.socketPort, receiveBuffer: 2_048)
        defer { slow.close() }
        #expect(slow.send(#"{"dataType":1,"completionId":1,"data":{"stateNumber":3}}/"#))
        #expect(await slow.readFrames(1).count == 1)
        let bidder = try RawSocket(port: fixture.socketPort)
        defer { bidder.close() }
        // 60 rounds of 600 bids (ten raises of every product) in one send each: about 4.7 MB of pushes,
        // more than the kernel holds for a client that does not read, so the server's queue must coalesce.
        let rounds: Int64 = 60, raises: Int64 = 10
        var price: Int64 = 10_000  // each raise is the next minimum the server states (the increment table's)
        for _ in 1...rounds {
            var burst = ""
            for _ in 1...raises {
                price = BidMinimum.afterStep(at: Money(price), minimumIncrement: nil).minorUnits
                for product in 1...60 {
                    burst += #"{"dataType":2,"completionId":\#(product),"data":{"product_id":\#(product),"product_price":\#(price)}}/"#
                }
            }
            #expect(bidder.send(burst))
            #expect(await bidder.readFrames(600).count == 600)
        }

        // A ping after the bids: its reply comes after every push queued before it.
        #expect(slow.send(#"{"dataType":10,"completionId":99,"data":{}}/"#))
        let frames = await slow.readFrames(until: 99)
        var latest: [Int64: Int64] = [:], pushes = 0
        for frame in frames where frame.dataType == 2 {
            guard let product = frame.data["product_id"]?.intValue, let price = frame.data["product_price"]?.intValue else { continue }
            #expect(price > latest[product] ?? 0, "product \(product)")
            latest[product] = price
            pushes += 1
        }
        #expect(frames.last?.dataType == 1)
        #expect(latest.count == 60)
        #expect(latest.values.allSatisfy { $0 == price })
        #expect(pushes < 60 * Int(rounds * raises))  // lagging: pushes were coalesced per product
        #expect(!fixture.logged("not reading"))
    }
}

extension RawSocket {
    /// Reads frames until a reply with this completion id (or EOF / timeout), off the concurrency pool.
    func readFrames(until completionID: Int64) async -> [Frame] {
        let fd = self.fd
        return await offPool {
            var decoder = FrameDecoder(maximumFrameBytes: 1 << 20)
            var frames: [Frame] = []
            var chunk = [UInt8](repeating: 0, count: 65_536)
            while true {
                let received = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
                guard received > 0 else { return frames }
                decoder.append(Array(chunk[0..<received]))
                while let event = decoder.nextEvent() {
                    guard case .frame(let frame) = event else { continue }
                    frames.append(frame)
                    if frame.dataType == 1, frame.data["completionId"]?.intValue == completionID { return frames }
                }
            }
        }
    }
}
