import AuctionCore
import AuctionData
import AuctionEngine
import AuctionInfrastructure
import AuctionServer
import AuctionTestSupport
import Foundation
import Testing

/// Issue 23's retraction on a real server with a real SQLite file: random rounds of plain and proxy
/// bids by four bidders, one bid retracted, and the stored price and leader compared with a replay of
/// the remaining bids through a fresh `AuctionBook` — as if the retracted bid had never been placed.
@Suite struct ServerRetractionTests {
    typealias Running = ServerImageTests.Running
    typealias Selling = ServerSellingTests

    /// A bid the test sent that made a step (accepted, or answered by the leader's proxy).
    struct Sent {
        var user: Int
        var placement: BidPlacement
        /// Whether the leader's proxy answered it (refused): a refused plain bid is not revived by a retraction.
        var wasRefused = false
    }

    static func leader(_ running: Running, _ id: Int) throws -> Int64? {
        let database = try SQLiteDatabase(path: running.directory.file("auction.sqlite"), options: [.readOnly])
        defer { database.close() }
        return try database.scalarInteger("SELECT user_id FROM bids WHERE product_id = ? AND retracted_at IS NULL ORDER BY id DESC LIMIT 1",
                                          [.integer(Int64(id))])
    }

    static func price(_ running: Running, _ id: Int) throws -> Int64 {
        let database = try SQLiteDatabase(path: running.directory.file("auction.sqlite"), options: [.readOnly])
        defer { database.close() }
        return try database.scalarInteger("SELECT current_price FROM products WHERE id = ?", [.integer(Int64(id))]) ?? -1
    }

    /// The manual steps' bid ids, oldest first (the history lists them newest first, with ids).
    static func manualBidIDs(_ running: Running, _ id: Int) async throws -> [Int64] {
        let answer = try await running.http.send(HTTPRequest(method: .get, target: BidHistoryDTO.path(of: ProductID(id))))
        let entries = try BidHistoryDTO.entries(from: answer.body)
        return entries.reversed().filter { !$0.isAutomatic && !$0.isRetracted }.compactMap(\.id)
    }

    @Test func aRetractedBidLeavesThePriceAReplayOfTheRemainingBidsGives() async throws {
        let running = try await ServerModerationTests.startForRounds()
        defer { running.stop() }
        let mod = try await Selling.register(running, "mod")
        var tokens: [String] = [], sockets: [RawSocket] = [], ids: [Int64] = []
        for name in ["ann", "ben", "cat", "dan"] {
            let token = try await Selling.register(running, name)
            let socket = try RawSocket(port: running.addresses.socket.port)
            let login = await socket.exchange([ClientMessage.testHello, .login(token: token)])
            tokens.append(token)
            sockets.append(socket)
            ids.append(try #require(login.last??.fields["user_id"]?.intValue))
        }
        defer { sockets.forEach { $0.close() } }
        var random = SystemRandomNumberGenerator()
        var completion: Int64 = 100
        for round in 0..<12 {
            let lot = try #require(Selling.object(try await Selling.sell(running, fields: Selling.valid))["id"] as? Int)
            let product = ProductID(lot)
            var mirror = AuctionBook(products: [Product(id: product, name: "", startPrice: 1000, currentPrice: 1000, lastChange: .zero,
                                                        direction: .unchanged, auctionDate: "")])
            var stepping: [Sent] = []
            for _ in 0..<8 {
                let user = Int.random(in: 0..<4, using: &random)
                let current = mirror.lot(for: product)!
                if current.leader == UserID(rawValue: ids[user]) { continue }  // a leader's own raise makes no step
                let price = current.price + Money(Int64.random(in: 1...3_000, using: &random))
                let maximum = Bool.random(using: &random) ? price + Money(Int64.random(in: 0...6_000, using: &random)) : nil
                let placement = BidPlacement(bidder: UserID(rawValue: ids[user]), price: price, maximum: maximum)
                let decision = mirror.decide(Bid(productID: product, price: price, maximum: maximum), bidder: placement.bidder, now: Timestamp(millisecondsSinceEpoch: 0))
                completion += 1
                let reply = await sockets[user].exchange([.bid(Bid(productID: product, price: price, maximum: maximum), userID: nil)],
                                                         first: completion)
                #expect(reply.first??.result == decision.isAccepted, "round \(round): the server decides as the mirror")
                if !decision.steps.isEmpty { stepping.append(Sent(user: user, placement: placement, wasRefused: !decision.isAccepted)) }
            }
            let manual = try await Self.manualBidIDs(running, lot)
            guard !manual.isEmpty else { continue }
            // Pick a manual step (a bid accepted at its own request) to retract; its index among the steps.
            let pick = Int.random(in: 0..<manual.count, using: &random)
            let answer = try await Selling.request(running, .post, "/moderation/bids/\(manual[pick])/retract",
                                                   json: #"{"reason":"typed one zero too many"}"#, token: mod)
            #expect(answer.status == .ok, "round \(round): \(String(decoding: answer.body, as: UTF8.self))")
            // The retracted bid's placement: the steps in order, the manual ones are those the history marks manual.
            let history = try BidHistoryDTO.entries(from: try await running.http.send(
                HTTPRequest(method: .get, target: BidHistoryDTO.path(of: product))).body).reversed()
                .filter { !$0.isRepricing }
            #expect(history.count == stepping.count, "round \(round): one step per stepping bid")
            let retractedIndex = try #require(history.firstIndex { $0.isRetracted })
            var remaining: [BidPlacement] = [], entries: [RetractionReplay.Entry] = []
            for (index, sent) in stepping.enumerated() where index != history.distance(from: history.startIndex, to: retractedIndex) {
                remaining.append(sent.placement)
                entries.append(RetractionReplay.Entry(sent.placement, wasRefused: sent.wasRefused))
            }
            let want = RetractionReplay.replay(entries: entries, startPrice: 1000, minimumIncrement: nil, reserve: nil)
            #expect(try Self.price(running, lot) == want.price.minorUnits, "round \(round): the replayed price")
            #expect(try Self.leader(running, lot) == want.leader?.rawValue, "round \(round): the replayed leader")
            let ceiling = remaining.map { max($0.price, $0.maximum ?? $0.price) }.max() ?? Money(1000)
            #expect(try Self.price(running, lot) <= ceiling.minorUnits, "never above every remaining bid")
            #expect(try Self.price(running, lot) >= 1000, "never below the start price")
            // Repeating changes nothing.
            let again = try await Selling.request(running, .post, "/moderation/bids/\(manual[pick])/retract",
                                                  json: #"{"reason":"typed one zero too many"}"#, token: mod)
            #expect(Selling.object(again)["changed"] as? Bool == false)
        }
    }
}

extension ServerRetractionTests {
    /// The lot's state a replay of its stored, unretracted placements gives (what every retraction and bid must leave).
    static func replayedPrice(_ placements: [(Int64?, Int64, Int64?)]) -> (price: Int64, leader: Int64?) {
        let id = ProductID(1)
        var book = AuctionBook(products: [Product(id: id, name: "", startPrice: 1000, currentPrice: 1000, lastChange: .zero,
                                                  direction: .unchanged, auctionDate: "")])
        for (bidder, price, maximum) in placements {
            _ = book.decide(Bid(productID: id, price: Money(price), maximum: maximum.map { Money($0) }),
                            bidder: bidder.map(UserID.init(rawValue:)), now: Timestamp(millisecondsSinceEpoch: 0))
        }
        let lot = book.lot(for: id)!
        return (lot.price.minorUnits, lot.leader?.rawValue)
    }

    /// 100 rounds: ann bids 2,000 and ben 3,000 on a new lot, then ben's bid is retracted while cat bids
    /// 3,500. Whichever the book decides first, the stored lot ends as a replay of its stored bids gives,
    /// cat's bid is stored exactly when acked, and nothing a stale commit wrote survives.
    @Test func aRetractionRacingABidEndsInOneConsistentStateEveryRound() async throws {
        let running = try await ServerModerationTests.startForRounds()
        defer { running.stop() }
        let mod = try await Selling.register(running, "mod")
        var sockets: [RawSocket] = []
        defer { sockets.forEach { $0.close() } }
        var tokens: [String] = []
        for name in ["ann", "ben", "cat"] { tokens.append(try await Selling.register(running, name)) }
        func connect() async throws {
            sockets.forEach { $0.close() }
            sockets = []
            for token in tokens {
                let socket = try RawSocket(port: running.addresses.socket.port)
                _ = await socket.exchange([ClientMessage.testHello, .login(token: token)])
                sockets.append(socket)
            }
        }
        var completion: Int64 = 100
        for round in 0..<100 {
            if round % 30 == 0 { try await connect() }  // under the per-connection bid rate
            let lot = try #require(Selling.object(try await Selling.sell(running, fields: Selling.valid))["id"] as? Int)
            let product = ProductID(lot)
            completion += 2
            #expect(await sockets[0].exchange([.bid(Bid(productID: product, price: 2_000), userID: nil)], first: completion).first??.result == true)
            #expect(await sockets[1].exchange([.bid(Bid(productID: product, price: 3_000), userID: nil)], first: completion + 1).first??.result == true)
            let bens = try #require(try await Self.manualBidIDs(running, lot).last)
            completion += 1
            let cat = sockets[2], number = completion
            async let retraction = Selling.request(running, .post, "/moderation/bids/\(bens)/retract", json: #"{"reason":"race"}"#, token: mod)
            async let bid = cat.exchange([.bid(Bid(productID: product, price: 3_500), userID: nil)], first: number)
            let (answer, replies) = try await (retraction, bid)
            #expect(answer.status == .ok, "round \(round): \(String(decoding: answer.body, as: UTF8.self))")
            let reply = try #require(replies.first ?? nil, "round \(round)")
            let database = try SQLiteDatabase(path: running.directory.file("auction.sqlite"), options: [.readOnly])
            defer { database.close() }
            let placements = try database.rows("""
                SELECT placed_by, placed_price, placed_maximum FROM bids
                WHERE product_id = ? AND retracted_at IS NULL AND placed_price IS NOT NULL ORDER BY id
                """, [.integer(Int64(lot))]) { ($0.optionalInt64(0), $0.int64(1), $0.optionalInt64(2)) }
            let want = Self.replayedPrice(placements)
            #expect(try Self.price(running, lot) == want.price, "round \(round): the stored price is the replay's")
            #expect(try Self.leader(running, lot) == want.leader, "round \(round): the stored leader is the replay's")
            let catsStored = try database.scalarInteger("""
                SELECT COUNT(*) FROM bids b JOIN users u ON u.id = b.user_id WHERE b.product_id = ? AND u.name = 'cat' AND b.automatic = 0
                """, [.integer(Int64(lot))])
            #expect((catsStored == 1) == reply.result, "round \(round): cat's bid is stored exactly when acked: \(reply)")
            completion += 1
            let probe = await sockets[0].exchange([.bid(Bid(productID: product, price: 1), userID: nil)], first: completion)
            #expect(probe.first??.price?.minorUnits == want.price, "round \(round): the book holds the stored price")
        }
    }
}
