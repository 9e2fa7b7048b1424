import AuctionInfrastructure
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
        let failures = try await offPool { () throws -> [String] in
            var generator = SplitMix64(seed: 0x33_0002)
            var failures: [String] = []
            let socket = try LineSocket(port: port)
            defer { socket.close() }
            socket.send(#"{"dataType":11,"completionId":0,"data":{"client":"test","version":"0","features":["next-minimum"]}}/"#)
            _ = socket.readReplies(1)
            var completion = 1
            for round in 0..<60 {
                let id = 1 + round % 12
                let before = try Self.detail(id, port: http)
                guard let minimum = before["next_minimum"]?.intValue else {
                    failures.append("product \(id): no next_minimum in \(before)")
                    continue
                }
                // A random raise above the minimum now and then, so lots with and without bids and many prices are met.
                let offer = Bool.random(using: &generator) ? minimum : minimum + Int64.random(in: 1...5_000, using: &generator)
                socket.send(#"{"dataType":2,"completionId":\#(completion),"data":{"product_id":\#(id),"product_price":\#(minimum - 1)}}/"#)
                socket.send(#"{"dataType":2,"completionId":\#(completion + 1),"data":{"product_id":\#(id),"product_price":\#(offer)}}/"#)
                completion += 2
                let replies = try socket.readReplies(2).map(Self.data)
                guard replies.count == 2 else { failures.append("product \(id): replies \(replies)"); continue }
                if replies[0]["result"]?.boolValue != false || replies[0]["reason"]?.stringValue != "price_too_low"
                    || replies[0]["next_minimum"]?.intValue != minimum {
                    failures.append("product \(id): \(minimum - 1) below \(minimum): \(replies[0])")
                }
                if replies[1]["result"]?.boolValue != true || replies[1]["price"]?.intValue != offer {
                    failures.append("product \(id): \(offer) at or above \(minimum): \(replies[1])")
                }
                let after = try Self.detail(id, port: http)
                if after["price"]?.intValue != replies[1]["price"]?.intValue || after["next_minimum"] != replies[1]["next_minimum"] {
                    failures.append("product \(id): the reply said \(replies[1]), the catalogue holds \(after)")
                }
            }
            return failures
        }
        #expect(failures.isEmpty, "\(failures.count) failures: \(failures.prefix(3))")
    }
}
