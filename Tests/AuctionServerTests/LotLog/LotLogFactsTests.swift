import AuctionCore
import AuctionData
import AuctionInfrastructure
import AuctionLotLog
import AuctionServer
import AuctionTestSupport
import Foundation
import Testing

/// Every fact a lot's log records besides bids, written by a real server over a real SQLite file in
/// the fact's own transaction: the listing, an edit, the close (on a manual clock) with its reserve
/// revealed, a moderator's retraction and removal, a withdrawal; and a refused change writes nothing.
@Suite struct LotLogFactsTests {
    typealias Running = ServerImageTests.Running
    typealias Selling = ServerSellingTests
    typealias Served = LotLogServerTests

    /// A server on `clock` whose user `mod` moderates, with the seller `seller` registered.
    static func start(clock: ManualClock) async throws -> Running {
        let directory = try TemporaryDirectory(prefix: "auction-lot-log")
        var configuration = ServerConfiguration.ephemeral(databasePath: directory.file("auction.sqlite"))
        configuration.accounts.moderators = ["mod"]
        let server = AuctionHouseServer(configuration: configuration, log: .silent, clock: clock)
        let addresses = try server.start()
        let loop = try EventLoop.spawn(name: "test-lot-log")
        let http = HTTPClient(baseURL: try HTTPBaseURL(parsing: addresses.httpURL), configuration: .init(responseTimeoutMilliseconds: 60_000),
                              loop: loop)
        let registered = try await http.post("/users/register", json: AccountDTO.credentialsBody(name: "seller", password: "correct horse"))
        let session = try #require(AccountDTO.session(from: registered.body))
        return Running(directory: directory, server: server, addresses: addresses, loop: loop, http: http, token: session.token)
    }

    /// A client logged in as a newly registered `name`.
    static func bidder(_ running: Running, _ name: String) async throws -> TestClient {
        let token = try await Selling.register(running, name)
        let client = try TestClient(port: running.addresses.socket.port)
        #expect(try await client.request(.login(token: token)).result)
        return client
    }

    /// Lists a lot as the seller (start 1,000, an hour long, plus `extra` fields); its id.
    static func sell(_ running: Running, _ extra: [(String, String)] = []) async throws -> Int {
        try #require(Selling.object(try await Selling.sell(running, fields: Selling.valid + extra))["id"] as? Int)
    }

    static func log(_ running: Running, _ lot: Int) async throws -> Served.ServedLog {
        try await Served.log(port: running.addresses.http.port, lot)
    }

    /// Whether the served log of `lot` chains from its first entry to a head signed by a listed key.
    static func checks(_ running: Running, _ lot: Int) async throws -> Bool {
        Served.checks(try await log(running, lot), keys: try await Served.publicKeys(port: running.addresses.http.port))
    }

    /// Waits until `lot`'s log holds `count` entries (the close is recorded off the loop).
    static func entries(_ running: Running, _ lot: Int, reach count: Int) async -> Bool {
        await eventually { (try? Selling.count(running, "SELECT COUNT(*) FROM lot_log WHERE product_id = \(lot)")) == count }
    }

    static func bids(_ log: Served.ServedLog) -> [LotLogBid] {
        log.decoded.compactMap { if case .bid(let bid) = $0.event { bid } else { nil } }
    }

    static func close(_ log: Served.ServedLog) -> LotLogClose? {
        if case .closed(let close)? = log.decoded.last?.event { close } else { nil }
    }

    @Test func aLotsListingEditBidsAndCloseAreItsEntriesInOrderUnderASignedHead() async throws {
        let clock = ManualClock(SystemClock().now())
        let running = try await Self.start(clock: clock)
        defer { running.stop() }
        let listedAt = clock.now()
        let id = try await Self.sell(running)
        let listed = try await Self.log(running, id)
        #expect(listed.decoded.map(\.event.kindName) == ["listed"], "written with the lot, before any bid")
        guard case .listed(let terms, let price, let count)? = listed.decoded.first?.event else { Issue.record("no listing"); return }
        #expect(terms.startPrice == 1_000 && terms.endsAt == listedAt.adding(milliseconds: 3_600_000) && price == 1_000 && count == 0)
        #expect(terms.reserveCommitment == nil)

        let edit = try await Selling.request(running, .patch, "/products/\(id)", json: "{\"start_price\":1500,\"name\":\"Brass lamp, polished\"}")
        #expect(edit.status == .ok)
        let edited = try await Self.log(running, id)
        guard case .edited(let newTerms)? = edited.decoded.last?.event else { Issue.record("no edit entry"); return }
        #expect(newTerms.startPrice == 1_500 && newTerms.endsAt == terms.endsAt)

        let ann = try await Self.bidder(running, "ann"), ben = try await Self.bidder(running, "ben")
        defer { ann.close(); ben.close() }
        #expect(try await ann.bid(id, 2_000).result)
        #expect(try await ben.bid(id, 3_000).result)
        clock.advance(milliseconds: 3_601_000)
        #expect(await Self.entries(running, id, reach: 5))

        let log = try await Self.log(running, id)
        #expect(log.decoded.map(\.event.kindName) == ["listed", "edited", "bid", "bid", "closed"])
        #expect(try await Self.checks(running, id))
        let close = try #require(Self.close(log))
        #expect(close.finalPrice == 3_000 && close.reserveMet && !close.bought && close.reserve == nil)
        #expect(close.winner == Self.bids(log).last?.bidder, "ben, by his alias on the lot")
    }

    @Test func aCloseRevealsTheReserveItsListingCommittedTo() async throws {
        let clock = ManualClock(SystemClock().now())
        let running = try await Self.start(clock: clock)
        defer { running.stop() }
        let unmet = try await Self.sell(running, [("reserve", "5000")]), met = try await Self.sell(running, [("reserve", "1500")])
        let ann = try await Self.bidder(running, "ann")
        defer { ann.close() }
        #expect(try await ann.bid(unmet, 2_000).result)
        #expect(try await ann.bid(met, 2_000).result)
        clock.advance(milliseconds: 3_601_000)
        for (lot, reserve) in [(unmet, Money(5_000)), (met, Money(1_500))] {
            #expect(await Self.entries(running, lot, reach: 3))
            let log = try await Self.log(running, lot)
            #expect(try await Self.checks(running, lot))
            guard case .listed(let terms, _, _)? = log.decoded.first?.event else { Issue.record("no listing"); continue }
            let close = try #require(Self.close(log))
            let revealed = try #require(close.reserve)
            #expect(revealed.price == reserve && revealed.commitment == terms.reserveCommitment, "lot \(lot)")
            #expect(close.reserveMet == (lot == met) && close.finalPrice == 2_000)
            #expect(close.winner == (lot == met ? Self.bids(log).first?.bidder : nil), "unsold below its reserve")
        }
    }

    @Test func aModeratorsRetractionNamesTheBidsEntryAndARemovalItsReason() async throws {
        let running = try await Self.start(clock: ManualClock(SystemClock().now()))
        defer { running.stop() }
        let mod = try await Selling.register(running, "mod")
        let id = try await Self.sell(running)
        let ann = try await Self.bidder(running, "ann"), ben = try await Self.bidder(running, "ben")
        defer { ann.close(); ben.close() }
        #expect(try await ann.bid(id, 2_000).result)
        #expect(try await ben.bid(id, 3_000).result)
        #expect(try await ann.bid(id, 4_000).result)
        let bens = try #require(try await ServerRetractionTests.manualBidIDs(running, id).dropFirst().first)
        let retracted = try await Selling.request(running, .post, "/moderation/bids/\(bens)/retract", json: #"{"reason":"shill bidding"}"#,
                                                  token: mod)
        #expect(retracted.status == .ok, "\(String(decoding: retracted.body, as: UTF8.self))")

        let log = try await Self.log(running, id)
        #expect(log.decoded.map(\.event.kindName) == ["listed", "bid", "bid", "bid", "retracted"])
        guard case .retracted(let entry, let reason, let price, let count)? = log.decoded.last?.event else { Issue.record("no retraction"); return }
        #expect(reason == "shill bidding")
        let named = try #require(log.decoded.first { $0.seq == entry })
        guard case .bid(let bid) = named.event else { Issue.record("entry \(entry) is not a bid"); return }
        #expect(bid.bidSeq == 2 && bid.price == 3_000, "ben's bid, the lot's second")
        #expect(price.minorUnits == Int64(try Selling.count(running, "SELECT current_price FROM products WHERE id = \(id)")))
        #expect(count == Int64(try Selling.count(running, "SELECT bid_count FROM products WHERE id = \(id)")), "the lot as stored after it")

        let removed = try await Selling.request(running, .post, "/moderation/lots/\(id)/remove", json: #"{"reason":"counterfeit"}"#, token: mod)
        #expect(removed.status == .ok)
        let after = try await Self.log(running, id)
        #expect(after.decoded.last?.event == .removed(reason: "counterfeit"))
        #expect(try await Self.checks(running, id))
    }

    @Test func aWithdrawalIsARemovalWithTheReasonWithdrawn() async throws {
        let running = try await Self.start(clock: ManualClock(SystemClock().now()))
        defer { running.stop() }
        let id = try await Self.sell(running)
        #expect(try await Selling.request(running, .delete, "/products/\(id)").status == .ok)
        let log = try await Self.log(running, id)
        #expect(log.decoded.map(\.event.kindName) == ["listed", "removed"])
        #expect(log.decoded.last?.event == .removed(reason: "withdrawn"))
        #expect(try await Self.checks(running, id))
    }

    @Test func aChangeTheRulesRefuseLeavesTheLogAsItWas() async throws {
        let running = try await Self.start(clock: ManualClock(SystemClock().now()))
        defer { running.stop() }
        let id = try await Self.sell(running)
        let ann = try await Self.bidder(running, "ann")
        defer { ann.close() }
        #expect(try await ann.bid(id, 2_000).result)
        let before = try await Self.log(running, id)
        let locked = try await Selling.request(running, .patch, "/products/\(id)", json: "{\"start_price\":1500}")
        #expect(locked.status.code == 409 && Selling.reason(locked) == "locked_by_bids")
        let withdrawal = try await Selling.request(running, .delete, "/products/\(id)")
        #expect(withdrawal.status.code == 409 && Selling.reason(withdrawal) == "has_bids")
        let after = try await Self.log(running, id)
        #expect(after.entries.map(\.bytes) == before.entries.map(\.bytes) && after.head == before.head)
        #expect(try Selling.count(running, "SELECT COUNT(*) FROM log_signatures WHERE id NOT IN (SELECT signature_id FROM lot_log)") == 0,
                "no signature over heads that were not written")
    }
}
