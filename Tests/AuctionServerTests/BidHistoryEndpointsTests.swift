import AuctionCore
import AuctionData
import AuctionInfrastructure
import AuctionServer
import AuctionTestSupport
import Testing

/// `GET /products/{id}/bids` on a real server over a real SQLite file: newest first, at most 100,
/// names shortened on the server, anonymous bids without a name, automatic steps marked.
@Suite struct BidHistoryEndpointsTests {
    private static func get(_ path: String, port: Int) async throws -> HTTPResponse {
        let loop = try EventLoop.spawn(name: "bid-history-client")
        defer { loop.shutdown() }
        let client = HTTPClient(baseURL: HTTPBaseURL(host: "127.0.0.1", port: port), loop: loop)
        return try await client.get(path)
    }

    /// A server whose product 2 has bids by alice (one automatic), an anonymous one and bob.
    private static func server(extraBids: Int = 0) throws -> ServerFixture {
        try ServerFixture(listings: ServerFixture.listings(count: 3), prepare: { path in
            let database = try SQLiteDatabase(path: path)
            defer { database.close() }
            try database.run("INSERT INTO users (id, name, password_hash, created_at) VALUES (1, 'alice', 'h', 1), (2, 'bob', 'h', 1)")
            try database.run("""
                INSERT INTO bids (product_id, price, previous_price, user_id, accepted_at, automatic) VALUES
                (2, 11000, 10000, 1, 1700000000000, 0), (2, 12000, 11000, NULL, 1700000001000, 0),
                (2, 13000, 12000, 2, 1700000002000, 0), (2, 14000, 13000, 1, 1700000002000, 1)
                """)
            for index in 0..<extraBids {
                try database.run("INSERT INTO bids (product_id, price, previous_price, user_id, accepted_at) VALUES (3, \(20_000 + index), 1, 2, 1)")
            }
        })
    }

    @Test func historyIsNewestFirstWithShortenedNames() async throws {
        let fixture = try Self.server()
        defer { fixture.stop() }
        let response = try await Self.get("/products/2/bids", port: fixture.addresses.http.port)
        #expect(response.status == .ok)
        let body = String(decoding: response.body, as: UTF8.self)
        #expect(body == """
            {"bids":[{"time":1700000002000,"bidder":"al…e","price":14000,"automatic":true,"id":4},\
            {"time":1700000002000,"bidder":"b…b","price":13000,"automatic":false,"id":3},\
            {"time":1700000001000,"bidder":null,"price":12000,"automatic":false,"id":2},\
            {"time":1700000000000,"bidder":"al…e","price":11000,"automatic":false,"id":1}]}
            """)
        #expect(!body.contains("alice") && !body.contains("\"bob\""))
        let entries = try BidHistoryDTO.entries(from: response.body)
        #expect(entries.map(\.price) == [14_000, 13_000, 12_000, 11_000])
        #expect(entries.first?.isAutomatic == true)
    }

    @Test func aProductWithoutBidsHasAnEmptyHistory() async throws {
        let fixture = try Self.server()
        defer { fixture.stop() }
        let response = try await Self.get("/products/1/bids", port: fixture.addresses.http.port)
        #expect(response.status == .ok)
        #expect(String(decoding: response.body, as: UTF8.self) == #"{"bids":[]}"#)
    }

    @Test func atMostAHundredBidsAreSent() async throws {
        let fixture = try Self.server(extraBids: 130)
        defer { fixture.stop() }
        let response = try await Self.get("/products/3/bids", port: fixture.addresses.http.port)
        let entries = try BidHistoryDTO.entries(from: response.body)
        #expect(entries.count == 100)
        #expect(entries.first?.price == 20_129)
    }

    @Test func unknownAndMalformedIdsAreRefusedWithAReason() async throws {
        let fixture = try Self.server()
        defer { fixture.stop() }
        let port = fixture.addresses.http.port
        let unknown = try await Self.get("/products/99/bids", port: port)
        #expect(unknown.status == .notFound)
        #expect(try JSONValue.parse(unknown.body)["reason"] == "unknown_product")
        for path in ["/products/abc/bids", "/products/0/bids", "/products/99999999999/bids"] {
            let bad = try await Self.get(path, port: port)
            #expect(bad.status == .badRequest, "\(path)")
            #expect(try JSONValue.parse(bad.body)["reason"] == "malformed", "\(path)")
        }
        let post = try await Self.get("/products/2/bids/more", port: port)
        #expect(post.status == .notFound)
    }

    @Test func namesAreShortenedByCharacters() {
        #expect(BidderAlias.shortened("alice") == "al…e")
        #expect(BidderAlias.shortened("dave") == "d…e")
        #expect(BidderAlias.shortened("bob") == "b…b")
        #expect(BidderAlias.shortened("al") == "a…")
        #expect(BidderAlias.shortened("z") == "z…")
        #expect(BidderAlias.shortened("") == "…")
        #expect(BidderAlias.shortened("Zoë Ångström") == "Zo…m")
    }
}
