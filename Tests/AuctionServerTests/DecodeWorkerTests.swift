import AuctionCore
import AuctionData
import AuctionImage
import AuctionInfrastructure
@testable import AuctionServer
import AuctionTestSupport
import Dispatch
import Testing

/// Issue 19, items 4 and 6: selling bodies are parsed and images decoded on the server's own bounded
/// `auction-decode` worker. On a real server over loopback, with that worker held by a gate (no sleeps):
/// a full decode queue answers 503 with Retry-After, catalogue reads and bids are answered meanwhile,
/// and a lot whose name is piled with combining marks waits there, not where bids wait.
@Suite struct DecodeWorkerTests {
    typealias Running = ServerImageTests.Running

    /// The running server's decode worker.
    private static func decoders(_ running: Running) throws -> BlockingWorkers {
        try #require(running.server.state.withLock { $0.decoders })
    }

    /// Holds the decode worker's one thread until `release` is called.
    private final class Hold: Sendable {
        private let gate = DispatchSemaphore(value: 0)

        init(_ workers: BlockingWorkers) throws {
            let started = DispatchSemaphore(value: 0)
            let gate = self.gate
            #expect(workers.submit { started.signal(); gate.wait() })
            started.wait()
        }

        func release() { gate.signal() }
    }

    @Test func aFullDecodeQueueAnswers503WhileCatalogueReadsGoOn() async throws {
        let running = try await Running.start { $0.uploads.decodeQueue = 2 }
        defer { running.stop() }
        let decoders = try Self.decoders(running)
        let hold = try Hold(decoders)
        var released = false
        defer { if !released { hold.release() } }
        // The queue's two places taken: the worker is busy and its queue full.
        #expect(decoders.submit {} && decoders.submit {})
        #expect(decoders.queued == 2)

        let lot = try await ServerSellingTests.sell(running, fields: ServerSellingTests.valid)
        #expect(lot.status == .serviceUnavailable && ServerSellingTests.reason(lot) == "busy", "\(UploadBoundsTests.body(lot))")
        #expect(lot.headers["Retry-After"] == "1")
        let image = try await running.upload(PNGEncoder.encode(ServerImageTests.picture(12)), type: "image/png")
        #expect(image.status == .serviceUnavailable && image.headers["Retry-After"] == "1")

        // Catalogue reads never queue behind decodes: answered while the worker is still held.
        let list = try await running.http.post("/products/alllist", json: Array("{\"index\": 0}".utf8))
        #expect(list.status == .ok)
        let query = try await running.http.get("/products/query?sort=price&limit=5")
        #expect(query.status == .ok)
        let detail = try await running.http.post("/products/detailproduct", json: Array("{\"product_id\": 1}".utf8))
        #expect(detail.status == .ok)
        #expect(decoders.queued == 2)

        hold.release()
        released = true
        #expect(await eventually { decoders.queued == 0 })
        let after = try await ServerSellingTests.sell(running, fields: ServerSellingTests.valid)
        #expect(after.status == .created, "\(UploadBoundsTests.body(after))")
    }

    @Test func aBidIsAnsweredWhileALotPiledWithMarksWaitsForTheDecoder() async throws {
        let running = try await Running.start()
        defer { running.stop() }
        let decoders = try Self.decoders(running)
        let socket = try TestClient(port: running.addresses.socket.port)
        defer { socket.close() }
        #expect(try await socket.request(.login(token: running.token)).result)
        let hold = try Hold(decoders)
        var released = false
        defer { if !released { hold.release() } }

        // The body: one letter and 100,000 combining marks (200 KB) as the name.
        let name = "a" + String(repeating: "\u{0301}", count: 100_000)
        let body = "{\"name\":\"\(name)\",\"start_price\":1000,\"duration_seconds\":3600}"
        let listing = Task { try await ServerSellingTests.request(running, .post, "/products", json: body) }
        // Its body waits, unparsed, on the decode worker: nothing parsed it on the loop.
        #expect(await eventually { decoders.queued == 1 })

        let bid = try await socket.bid(4, 900_000_000)
        #expect(bid.result, "\(bid)")
        #expect(try await socket.bid(4, 900_100_000).result)
        #expect(decoders.queued == 1)  // answered while the listing was still waiting to be parsed

        hold.release()
        released = true
        let refused = try await listing.value
        #expect(refused.status.code == 400 && ServerSellingTests.reason(refused) == "invalid_name", "\(refused.status)")
    }
}
