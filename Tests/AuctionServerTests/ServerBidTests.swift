import AuctionCore
import AuctionData
import AuctionInfrastructure
import AuctionServer
import AuctionTestSupport
import Foundation
import Testing

@Suite struct ServerBidTests {
    static let alice = SessionUser(id: UserID(rawValue: 1), name: "alice")
    static let bob = SessionUser(id: UserID(rawValue: 2), name: "bob")

    /// A server whose database has users alice (1) and bob (2), with tokens `token-alice` and `token-bob`.
    static func serverWithUsers(listings: [ProductListing], clock: any TimeSource = SystemClock(),
                                configure: (inout ServerConfiguration) -> Void = { _ in }) throws -> ServerFixture {
        let sessions = FixedSessions(users: ["token-alice": alice, "token-bob": bob])
        return try ServerFixture(
            listings: listings, hooks: ServerHooks(makeSessionResolver: { _ in sessions }),
            prepare: { path in
                let accounts = try AccountStore(path: path)
                defer { accounts.close() }
                _ = try accounts.createUser(name: "alice", passwordHash: "x", at: SystemClock().now())
                _ = try accounts.createUser(name: "bob", passwordHash: "x", at: SystemClock().now())
            }, clock: clock, configure: configure)
    }

    @Test func bidWithoutLoginIsRefusedUnauthenticated() async throws {
        let fixture = try ServerFixture(listings: ServerFixture.listings(count: 3))
        defer { fixture.stop() }
        let client = try fixture.client()
        defer { client.close() }

        let reply = try await client.bid(1, 20_000, user: 1)

        #expect(reply.result == false)
        #expect(reply.reason == .unauthenticated)
        #expect(try fixture.storedBids().isEmpty)
    }

    @Test func loginBindsBidsToTheUser() async throws {
        let fixture = try Self.serverWithUsers(listings: ServerFixture.listings(count: 3))
        defer { fixture.stop() }
        let client = try fixture.client()
        defer { client.close() }

        let refused = try await client.request(.login(token: "wrong"))
        #expect(refused.result == false)
        #expect(refused.reason == .unauthenticated)

        let login = try await client.request(.login(token: "token-alice"))
        #expect(login.result)
        #expect(login.fields["user_name"]?.stringValue == "alice")

        let mismatch = try await client.bid(1, 20_000, user: 2)
        #expect(mismatch.reason == .userMismatch)
        #expect(try await client.bid(1, 20_000, user: 1).result)
        #expect(try await client.bid(1, 21_000).result)

        let stored = try fixture.storedBids()
        #expect(stored.map(\.price) == [20_000, 21_000])
        #expect(stored.map(\.user) == [1, 1])
    }

    @Test func anonymousBidsWhenAllowedAreRecordedWithoutAUser() async throws {
        let fixture = try ServerFixture(listings: ServerFixture.listings(count: 3), configure: { $0.allowAnonymousBids = true })
        defer { fixture.stop() }
        let client = try fixture.client()
        defer { client.close() }

        // The original client sends a user id on trust; it is not recorded (it proves nothing).
        #expect(try await client.bid(2, 15_000, user: 42).result)

        #expect(try fixture.storedBids().map(\.user) == [nil])
        #expect(fixture.logged("--allow-anonymous-bids is on"))
    }

    @Test func fiftyClientsBiddingOnOneProductAgreeWithTheStore() async throws {
        let fixture = try ServerFixture(listings: ServerFixture.listings(count: 3), configure: {
            $0.allowAnonymousBids = true
            $0.limits.bidsPerSecond = 1_000
        })
        defer { fixture.stop() }
        let clients = try (0..<50).map { _ in try fixture.client() }
        let watcher = try fixture.client()
        defer { (clients + [watcher]).forEach { $0.close() } }
        #expect(try await watcher.request(.subscribe([1])).result)

        // Each client offers 10 rising prices, interleaved with the others' offers.
        let outcomes = try await withThrowingTaskGroup(of: [(Int64, WireReply)].self) { group in
            for (index, client) in clients.enumerated() {
                group.addTask {
                    var replies: [(Int64, WireReply)] = []
                    for round in 0..<10 {
                        let price = 10_000 + Int64(round * 50 + index + 1) * 10
                        replies.append((price, try await client.bid(1, price)))
                    }
                    return replies
                }
            }
            var all: [(Int64, WireReply)] = []
            for try await replies in group { all += replies }
            return all
        }

        let accepted = outcomes.filter { $0.1.result }.map(\.0)
        let stored = try fixture.storedBids().filter { $0.product == 1 }.map(\.price)
        #expect(!accepted.isEmpty)
        // Every accepted reply is in the store, and nothing else is.
        #expect(Set(accepted) == Set(stored))
        #expect(accepted.count == stored.count)
        // Store order is acceptance order: strictly increasing.
        #expect(zip(stored, stored.dropFirst()).allSatisfy { $0 < $1 })
        // The final price is the highest accepted bid, in the store and over HTTP.
        let current = try fixture.inspect { try $0.scalarInteger("SELECT current_price FROM products WHERE id = 1") }
        #expect(current == accepted.max())
        // Refusals name a minimum next bid above the offer (the one rule: price + increment).
        for (price, reply) in outcomes where !reply.result {
            #expect(reply.reason == .priceTooLow)
            #expect((reply.fields["next_minimum"]?.intValue ?? 0) > price)
        }
        // The watcher saw every accepted price, rising.
        #expect(await eventually { watcher.prices.count == accepted.count })
        #expect(watcher.prices.map(\.price.minorUnits) == stored)
    }

    @Test func acceptedPriceShowsInTheCatalogue() async throws {
        let fixture = try ServerFixture(listings: ServerFixture.listings(count: 20), configure: { $0.allowAnonymousBids = true })
        defer { fixture.stop() }
        let client = try fixture.client()
        defer { client.close() }
        let loop = try EventLoop.spawn(name: "test-http")
        defer { loop.shutdown() }
        let catalogue = try HTTPProductRepository(baseURL: fixture.httpBase, loop: loop)

        #expect(try await client.bid(17, 25_000).result)

        let page = try await catalogue.page(1)
        let product = page?.products.first { $0.id == 17 }
        #expect(product?.currentPrice == 25_000)
        #expect(product?.lastChange == 15_000)
        #expect(try await catalogue.detail(of: 17).product.currentPrice == 25_000)
    }

    @Test func auctionClosesAtItsEndTimeAnnouncesTheWinnerAndRefusesLaterBids() async throws {
        // The server reads a manual clock: the bid arrives while it stands before the end time, then
        // the test moves it past the end (no real time passes). The blocking steps run off the pool.
        let clock = ManualClock(SystemClock().now())
        let endsAt = clock.now().adding(milliseconds: 5_000)
        let fixture = try Self.serverWithUsers(listings: ServerFixture.listings(count: 3, endsAt: endsAt), clock: clock,
                                               configure: { $0.bidding.extendWindowMilliseconds = 0 })  // a hard close
        defer { fixture.stop() }
        let client = try RawSocket(port: fixture.socketPort), watcher = try RawSocket(port: fixture.socketPort)
        defer { client.close(); watcher.close() }
        let setup = await offPool {
            watcher.exchangeBlocking([.testHello, .listState(stateNumber: 0)])
                + client.exchangeBlocking([.login(token: "token-bob"), .bid(Bid(productID: 2, price: 30_000), userID: nil)])
        }
        #expect(setup.map { $0?.result } == [true, true, true, true], "hello, list state, login and bid before the end time")
        clock.advance(milliseconds: 5_000)

        let messages = await watcher.readMessages { messages in
            messages.filter { if case .auctionClosed = $0 { true } else { false } }.count == 3
        }
        let announcement = messages.first { if case .auctionClosed(2, _, _, _) = $0 { true } else { false } }
        #expect(announcement == .auctionClosed(2, finalPrice: 30_000, winner: "bob", status: .sold))

        let late = await client.exchange([.bid(Bid(productID: 2, price: 40_000), userID: nil)], first: 3)
        #expect(late.first??.reason == .auctionClosed)
        let record = await eventually {
            (try? fixture.inspect { try $0.scalarInteger("SELECT winner_id FROM products WHERE id = 2 AND final_price = 30000") }) == 2
        }
        #expect(record)

        // The catalogue says so too: closed, and won by bob.
        let loop = try EventLoop.spawn(name: "test-http")
        defer { loop.shutdown() }
        let catalogue = try HTTPProductRepository(baseURL: fixture.httpBase, loop: loop)
        var closed: Product?
        let deadline = Date().addingTimeInterval(30)
        repeat {
            closed = try await catalogue.page(0)?.products.first { $0.id == 2 }
            if closed?.winner == "bob" { break }
            try await Task.sleep(nanoseconds: 10_000_000)
        } while Date() < deadline
        #expect(closed?.isClosed == true && closed?.winner == "bob", "\(String(describing: closed))")
    }

    @Test func simulatedBiddersRaisePricesThroughTheBidPath() async throws {
        let fixture = try ServerFixture(listings: ServerFixture.listings(count: 10), configure: {
            $0.simulation = .steady(bidsPerSecond: 200)
        })
        defer { fixture.stop() }
        let watcher = try fixture.client()
        defer { watcher.close() }
        #expect(try await watcher.request(.listState(stateNumber: 0)).result)

        #expect(await eventually { watcher.prices.count >= 5 })
        // Every pushed price is durable (the pushes are taken first: more keep coming while the store is read).
        let pushed = watcher.prices
        let stored = Set(try fixture.storedBids().map { "\($0.product):\($0.price)" })
        for update in pushed {
            #expect(stored.contains("\(update.productID.rawValue):\(update.price.minorUnits)"))
        }
    }
}
