import AuctionCore
import AuctionData
import AuctionInfrastructure
import AuctionServer
import AuctionTestSupport
import Testing

/// `GET /products/query` on a real server over a real SQLite file: search (Korean substrings too),
/// FTS syntax as text, filters, sorts, keyset walks while prices change, and `invalid_query`.
@Suite struct ServerQueryTests {
    private static let names = ["나이키 운동화 270 새상품", "Nike running shoes", "아디다스 신발", "Brass desk lamp",
                                "Vintage camera", "빈티지 카메라 필름", "Oak bookshelf", "Leather wallet"]

    /// Lots 1…count, named in turn from `names`, sellers alternating, prices and ends spread out.
    private static func listings(count: Int) -> [ProductListing] {
        let now = SystemClock().now()
        return (1...count).map { index in
            ProductListing(id: ProductID(index), name: names[(index - 1) % names.count] + " #\(index)",
                           seller: index.isMultiple(of: 2) ? "minji" : "oliver",
                           description: index == 4 ? "polished \"NEAR\" AND * brass" : "lot \(index)",
                           startPrice: Money(Int64(1_000 * ((index * 7) % 13 + 1))),
                           listedAt: now.adding(milliseconds: -Int64(index) * 60_000),
                           endsAt: now.adding(milliseconds: Int64((index * 37) % 50 + 1) * 600_000))
        }
    }

    private static func get(_ target: String, port: Int) async throws -> (status: HTTPStatus, json: JSONValue) {
        let loop = try EventLoop.spawn(name: "query-client")
        defer { loop.shutdown() }
        let client = HTTPClient(baseURL: HTTPBaseURL(host: "127.0.0.1", port: port), loop: loop)
        let response = try await client.get(target)
        return (response.status, try JSONValue.parse(response.body))
    }

    private static func ids(_ json: JSONValue) -> [Int] {
        guard case .array(let items)? = json.objectValue?["products"] else { return [] }
        return items.compactMap { $0.objectValue?["product_id"]?.intValue.map { Int($0) } }
    }

    private static func cursor(_ json: JSONValue) -> String? {
        guard case .string(let text)? = json.objectValue?["next_cursor"] else { return nil }
        return text
    }

    private static func encoded(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            let safe = (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5a) || (byte >= 0x61 && byte <= 0x7a)
            out += safe ? String(UnicodeScalar(byte)) : "%" + String(byte, radix: 16, uppercase: true).leftPadded
        }
        return out
    }

    @Test func searchFindsKoreanWordsAndSubstrings() async throws {
        let fixture = try ServerFixture(listings: Self.listings(count: 16))
        defer { fixture.stop() }
        let port = fixture.addresses.http.port
        let phrase = try await Self.get("/products/query?search=" + Self.encoded("나이키 운동화"), port: port)
        #expect(phrase.status == .ok)
        #expect(Set(Self.ids(phrase.json)) == [1, 9])
        let inside = try await Self.get("/products/query?search=" + Self.encoded("이키 운동"), port: port)
        #expect(Set(Self.ids(inside.json)) == [1, 9])
        let camera = try await Self.get("/products/query?search=" + Self.encoded("카메라"), port: port)
        #expect(Set(Self.ids(camera.json)) == [6, 14])
        let english = try await Self.get("/products/query?search=SHOES", port: port)
        #expect(Set(Self.ids(english.json)) == [2, 10])
        let seller = try await Self.get("/products/query?search=minji&limit=50", port: port)
        #expect(Self.ids(seller.json).count == 8)
        guard case .array(let items)? = phrase.json.objectValue?["products"] else { Issue.record("no products"); return }
        #expect(items.first?.objectValue?["seller"] == .string("oliver"))
    }

    @Test func searchSyntaxCharactersAreText() async throws {
        let fixture = try ServerFixture(listings: Self.listings(count: 8))
        defer { fixture.stop() }
        let port = fixture.addresses.http.port
        for text in ["\"NEAR\"", "* brass", "\"unbalanced", "AND", "NEAR(a b)", "-x", "OR", "(", "\"\"\"", "a:b", "^lamp"] {
            let answer = try await Self.get("/products/query?search=" + Self.encoded(text), port: port)
            #expect(answer.status == .ok, "\(text)")
        }
        let quoted = try await Self.get("/products/query?search=" + Self.encoded("\"NEAR\" AND"), port: port)
        #expect(Self.ids(quoted.json) == [4])
        let long = try await Self.get("/products/query?search=" + String(repeating: "x", count: 2_000), port: port)
        #expect(long.status == .badRequest)
        #expect(long.json.objectValue?["reason"] == .string("invalid_query"))
        // 10,000 characters do not fit the HTTP request line (8 KiB): the HTTP layer answers 414 first.
        let loop = try EventLoop.spawn(name: "query-client")
        defer { loop.shutdown() }
        let client = HTTPClient(baseURL: HTTPBaseURL(host: "127.0.0.1", port: port), loop: loop)
        let huge = try await client.get("/products/query?search=" + String(repeating: "x", count: 10_000))
        #expect(huge.status == .uriTooLong)
    }

    @Test func filtersAndSortsFollowTheCommittedRows() async throws {
        let fixture = try ServerFixture(listings: Self.listings(count: 24))
        defer { fixture.stop() }
        let port = fixture.addresses.http.port
        let rows = try fixture.inspect { database in
            try database.query("SELECT id, current_price, ends_at, listed_at, seller FROM products") {
                (Int($0.int64(0)), $0.int64(1), $0.int64(2), $0.int64(3), $0.text(4))
            }
        }
        let byPrice = try await Self.get("/products/query?sort=price&limit=50", port: port)
        #expect(Self.ids(byPrice.json) == rows.sorted { ($0.1, $0.0) < ($1.1, $1.0) }.map(\.0))
        let ending = try await Self.get("/products/query?sort=ending&limit=50", port: port)
        #expect(Self.ids(ending.json) == rows.sorted { ($0.2, $0.0) < ($1.2, $1.0) }.map(\.0))
        let newest = try await Self.get("/products/query?sort=new&limit=50", port: port)
        #expect(Self.ids(newest.json) == rows.sorted { (-$0.3, $0.0) < (-$1.3, $1.0) }.map(\.0))
        let ranged = try await Self.get("/products/query?min_price=3000&max_price=6000&limit=50", port: port)
        #expect(Self.ids(ranged.json) == rows.filter { (3_000...6_000).contains($0.1) }.map(\.0).sorted())
        let minji = try await Self.get("/products/query?seller=minji&limit=50", port: port)
        #expect(Self.ids(minji.json) == rows.filter { $0.4 == "minji" }.map(\.0).sorted())
        let soon = try await Self.get("/products/query?ending_within=3000&limit=50", port: port)
        let limit = SystemClock().now().millisecondsSinceEpoch + 3_000_000
        let soonIDs = Set(Self.ids(soon.json))
        #expect(rows.allSatisfy { row in soonIDs.contains(row.0) == (row.2 <= limit) || abs(row.2 - limit) < 60_000 })
        #expect(!soonIDs.isEmpty && soonIDs.count < 24)
        let closed = try await Self.get("/products/query?status=closed", port: port)
        #expect(Self.ids(closed.json).isEmpty)
        let all = try await Self.get("/products/query?status=all&limit=50", port: port)
        #expect(Self.ids(all.json).count == 24)
        let bids = try await Self.get("/products/query?sort=bids&limit=3", port: port)
        #expect(Self.ids(bids.json) == [1, 2, 3])
        let change = try await Self.get("/products/query?sort=change&limit=3", port: port)
        #expect(change.status == .ok)
    }

    @Test func keysetWalksReturnEveryLotOnceWhilePricesChange() async throws {
        // 36 pages in a row from one address: the per-address rate (20 a second) is not under test here.
        let fixture = try ServerFixture(listings: Self.listings(count: 60), configure: { $0.query.queriesPerAddressPerSecond = 10_000 })
        defer { fixture.stop() }
        let port = fixture.addresses.http.port
        for sort in ["", "&sort=ending", "&sort=new", "&sort=price"] {
            var seen: [Int] = []
            var cursor: String?
            var round: Int64 = 0
            repeat {
                let target = "/products/query?limit=7" + sort + (cursor.map { "&cursor=" + $0 } ?? "")
                let page = try await Self.get(target, port: port)
                #expect(page.status == .ok)
                seen += Self.ids(page.json)
                cursor = Self.cursor(page.json)
                round += 1
                // Another writer (as the ledger does) raises prices on lots not yet shown (a price walk's
                // unchanged keys) and on lots already shown, between pages.
                let database = try SQLiteDatabase(path: fixture.databasePath)
                try database.run("UPDATE products SET current_price = current_price + \(round) * 10, last_change = \(round) WHERE id % 5 = \(round % 5)")
                database.close()
            } while cursor != nil && seen.count < 200
            if sort == "&sort=price" {
                // Prices only rise, so a lot not yet shown stays ahead of the cursor: none is skipped
                // (a lot raised past the cursor after it was shown may be shown again, further on).
                #expect(Set(seen) == Set(1...60), "no lot skipped: \(sort)")
            } else {
                #expect(seen.sorted() == Array(1...60), "every lot exactly once: \(sort)")
            }
        }
    }

    @Test func badParametersAreInvalidQuery() async throws {
        let fixture = try ServerFixture(listings: Self.listings(count: 3))
        defer { fixture.stop() }
        let port = fixture.addresses.http.port
        for target in ["sort=cheap", "limit=0", "limit=500", "min_price=-1", "max_price=x", "status=sold", "cursor=abc",
                       "ending_within=0", "colour=red", "search=%zz", "limit=1&limit=2", "min_price=9&max_price=1"] {
            let answer = try await Self.get("/products/query?" + target, port: port)
            #expect(answer.status == .badRequest, "\(target)")
            #expect(answer.json.objectValue?["reason"] == .string("invalid_query"), "\(target)")
        }
    }
}

extension String {
    /// Two hex digits.
    fileprivate var leftPadded: String { count < 2 ? "0" + self : self }
}
