import AuctionInfrastructure
import AuctionServer
import AuctionTestSupport
import Glibc
import Testing

/// Issue 37, defect 3: half-sent `GET /metr` requests from four addresses filled the metrics listener's 64
/// slots and every scrape got 503. Each address now gets a few slots, and a request's head must arrive
/// within a short deadline (on the server's clock, moved by the test).
@Suite struct ServerMetricsFairnessTests {
    @Test func halfSentRequestsFromAFewAddressesLeaveTheScraperItsPage() async throws {
        let fixture = try ServerFixture(listings: ServerFixture.listings(count: 3), clock: ManualClock(SystemClock().now()), configure: { $0.metricsPort = 0 })
        defer { fixture.stop() }
        let port = try #require(fixture.addresses.metrics).port
        // Given: the attack of the issue, 16 half-sent requests from each of 127.0.0.2 … 127.0.0.5.
        let held = (2...5).flatMap { address in
            (0..<16).map { _ in HalfSentRequest(port: port, from: "127.0.0.\(address)") }
        }
        defer { held.forEach { $0.close() } }
        #expect(held.allSatisfy { $0.isConnected })
        // When: Prometheus scrapes from another address. Then: it gets the page.
        let page = await offPool { LoopbackHTTP.exchange(port: port, "GET", "/metrics", from: "127.0.0.9") }
        #expect(page?.status == 200, "\(page.debugDescription)")
        #expect(page?.body.contains("auction_bids_accepted_total") == true)
        // Each address kept only its share; the rest were told so (before the scrape, accepted after them).
        let refused = held.filter { $0.arrived().contains(" 503 ") }.count
        #expect(refused == 4 * (16 - 4), "\(refused) of 64 refused")
    }

    @Test func aHalfSentRequestIsClosedAtItsHeadDeadline() async throws {
        let clock = ManualClock(SystemClock().now())
        let fixture = try ServerFixture(listings: ServerFixture.listings(count: 3), clock: clock, configure: { $0.metricsPort = 0 })
        defer { fixture.stop() }
        let port = try #require(fixture.addresses.metrics).port
        let stalled = HalfSentRequest(port: port, from: "127.0.0.2")
        defer { stalled.close() }
        // A full scrape answered after it was sent means the loop has accepted the stalled one (and started its deadline).
        let page = await offPool { LoopbackHTTP.exchange(port: port, "GET", "/metrics", from: "127.0.0.3") }
        #expect(page?.status == 200, "\(page.debugDescription)")
        // When: the server's clock passes the deadline (2 s; the public listener's is 10 s).
        clock.advance(milliseconds: 2_001)
        // Then: 408, and the slot is free.
        let answer = await offPool { stalled.readToEnd() }
        #expect(answer.hasPrefix("HTTP/1.1 408 "), "\(answer)")
    }
}

/// A blocking loopback connection from a chosen source address that sends the start of a request
/// head and never the rest (a slowloris client).
private struct HalfSentRequest: Sendable {
    let fd: CInt

    /// Connects to `port` from `source` and sends `GET /metr`; reads give up after 10 s.
    init(port: Int, from source: String) {
        fd = BlockingLoopbackSocket.connect(port: port, receiveTimeoutSeconds: 10, source: source)
        guard fd >= 0 else { return }
        let bytes = Array("GET /metr".utf8)
        _ = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    /// Whether the connect succeeded.
    var isConnected: Bool { fd >= 0 }

    /// Everything the server sent until it closed (or the read timed out). Blocking.
    func readToEnd() -> String {
        var answer: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4_096)
        while fd >= 0 {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count <= 0 { break }
            answer += buffer[0..<count]
        }
        return String(decoding: answer, as: UTF8.self)
    }

    /// What the server has sent so far, without waiting.
    func arrived() -> String {
        var buffer = [UInt8](repeating: 0, count: 4_096)
        let count = fd < 0 ? -1 : buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
        return count > 0 ? String(decoding: buffer[0..<count], as: UTF8.self) : ""
    }

    /// Closes the socket.
    func close() {
        if fd >= 0 { Glibc.close(fd) }
    }
}
