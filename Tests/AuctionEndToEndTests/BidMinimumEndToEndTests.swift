import AuctionInfrastructure
import AuctionServer
import AuctionTestSupport
import Foundation
import Testing

/// One rule, both directions, through the real `auction-server` on SQLite: the `next_minimum` the
/// server states over HTTP and in its replies is accepted, one minor unit below it is refused
/// `price_too_low`, and every reply's `price` is the price the catalogue holds after it.
@Suite(.serialized) struct BidMinimumEndToEndTests {
    /// `DetailProductInfo` of product `id` as JSON.
    static func detail(_ id: Int, port: Int) throws -> JSONObject {
        let answer = try #require(LoopbackHTTP.exchange(port: port, "POST", "/products/detailproduct", json: #"{"product_id":\#(id)}"#))
        let json = try JSONValue.parse(Array(answer.body.utf8))
        return try #require(json.objectValue?["DetailProductInfo"]?.objectValue, "\(answer)")
    }

    /// A reply frame's `data`.
    static func data(_ frame: String) throws -> JSONObject {
        let value = try JSONValue.parse(Array(frame.utf8))
        return try #require(value.objectValue?["data"]?.objectValue, "\(frame)")
    }

    @Test func theStatedMinimumIsAcceptedAndOneUnitBelowRefusedOnTheRealServer() async throws {
        let (server, directory) = try await CLI.server()
        defer { server.stop(); directory.remove() }
        let http = try #require(Int(server.httpAddress.split(separator: ":").last ?? ""))
        let port = try #require(Int(server.socketAddress.split(separator: ":").last ?? ""))
        let failures = try await offPool { try Self.rounds(1_000, http: http, socket: port, seed: 0x33_0002) }
        #expect(failures.isEmpty, "\(failures.count) failures: \(failures.prefix(3))")
    }

    @Test func theStatedMinimumIsAcceptedAndOneUnitBelowRefusedOnAPostgreSQLNode() async throws {
        let fixture = try PostgresFixture()
        defer { fixture.drop() }
        let url = fixture.url
        let cluster = try await offPool { try ClusterFixture(nodes: 1, storeURL: url) }
        defer { cluster.stop() }
        let (http, port) = (cluster.httpPorts[0], cluster.socketPorts[0])
        // A shared store takes bids from logged-in users only.
        let token = try await ModeratorRoleEndToEndTests.register("dana", port: http)
        let failures = try await offPool { try Self.rounds(1_000, http: http, socket: port, seed: 0x33_0003, token: token) }
        #expect(failures.isEmpty, "\(failures.count) failures: \(failures.prefix(3))")
    }

    /// `count` rounds on random demo lots: each reads the stated `next_minimum`, bids one unit below it
    /// (refused `price_too_low`, stating the same minimum) and then it or a random raise over it
    /// (accepted at that price); the catalogue must then hold the reply's price and minimum. Returns the failures.
    /// Every 40 rounds go on a fresh connection (logged in with `token` when given): 80 bids stay
    /// within one connection's burst (`bids_per_second`, 100), so no bid is refused `rate_limited`.
    static func rounds(_ count: Int, http: Int, socket port: Int, seed: UInt64, token: String? = nil) throws -> [String] {
        var generator = SplitMix64(seed: seed)
        var failures: [String] = []
        var completion = 1
        for start in stride(from: 0, to: count, by: 40) {
            let socket = try LineSocket(port: port)
            defer { socket.close() }
            socket.send(#"{"dataType":11,"completionId":0,"data":{"client":"test","version":"0","features":["next-minimum"]}}/"#)
            _ = socket.readReplies(1)
            if let token {
                socket.send(#"{"dataType":3,"completionId":0,"data":{"token":"\#(token)"}}/"#)
                _ = socket.readReplies(1)
            }
            for _ in start..<min(count, start + 40) {
                failures += try round(&generator, http: http, socket: socket, completion: &completion)
            }
        }
        return failures
    }

    /// One round on a random demo lot; the failures it found.
    private static func round(_ generator: inout SplitMix64, http: Int, socket: LineSocket, completion: inout Int) throws -> [String] {
        let id = Int.random(in: 1...DemoCatalogue.productCount, using: &generator)
        let before = try Self.detail(id, port: http)
        guard let minimum = before["next_minimum"]?.intValue else { return ["product \(id): no next_minimum in \(before)"] }
        // A random raise above the minimum now and then, so lots with and without bids and many prices are met.
        let offer = Bool.random(using: &generator) ? minimum : minimum + Int64.random(in: 1...5_000, using: &generator)
        socket.send(#"{"dataType":2,"completionId":\#(completion),"data":{"product_id":\#(id),"product_price":\#(minimum - 1)}}/"#)
        socket.send(#"{"dataType":2,"completionId":\#(completion + 1),"data":{"product_id":\#(id),"product_price":\#(offer)}}/"#)
        completion += 2
        let replies = try socket.readReplies(2).map(Self.data)
        guard replies.count == 2 else { return ["product \(id): replies \(replies)"] }
        var failures: [String] = []
        if replies[0]["result"]?.boolValue != false || replies[0]["reason"]?.stringValue != "price_too_low"
            || replies[0]["next_minimum"]?.intValue != minimum {
            failures.append("product \(id): \(minimum - 1) below \(minimum): \(replies[0].serializedText)")
        }
        if replies[1]["result"]?.boolValue != true || replies[1]["price"]?.intValue != offer {
            failures.append("product \(id): \(offer) at or above \(minimum): \(replies[1].serializedText)")
        }
        let after = try Self.detail(id, port: http)
        if after["price"]?.intValue != replies[1]["price"]?.intValue || after["next_minimum"] != replies[1]["next_minimum"] {
            failures.append("product \(id): the reply said \(replies[1].serializedText), the catalogue holds \(after.serializedText)")
        }
        return failures
    }
}

extension JSONObject {
    /// The object as compact JSON text, for failure messages.
    var serializedText: String { String(decoding: JSONValue.object(self).serialized(), as: UTF8.self) }
}
