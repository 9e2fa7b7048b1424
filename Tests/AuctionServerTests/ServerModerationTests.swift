import AuctionCore
import AuctionData
import AuctionInfrastructure
import AuctionServer
import AuctionTestSupport
import Foundation
import Testing

/// Issue 23's actions on a real server over loopback with a real SQLite file: removing a lot (with bids)
/// and suspending a user, each with its watchers' push, the refusals that follow, the notices, the
/// record in the log, idempotence, and the bad requests (no reason, escapes, not a moderator).
@Suite struct ServerModerationTests {
    typealias Running = ServerImageTests.Running
    typealias Selling = ServerSellingTests

    static func start() async throws -> Running {
        try await Running.start { $0.accounts.moderators = ["mod"] }
    }

    /// A server whose moderator `mod` may act, and whose seller may list, hundreds of times a minute:
    /// the race tests' rounds (the bounds are not under test there).
    static func startForRounds() async throws -> Running {
        try await Running.start {
            $0.accounts.moderators = ["mod"]
            $0.accounts.moderationRequestsPerMinute = 10_000
            $0.uploads.lotsPerHour = 10_000
            $0.uploads.maximumOpenLots = 10_000
        }
    }

    static func act(_ running: Running, _ target: String, _ json: String, token: String) async throws -> HTTPResponse {
        try await Selling.request(running, .post, target, json: json, token: token)
    }

    static func watcherHello() -> ClientMessage {
        var features = ProtocolFeature.understoodByClient
        features.append(.lots)
        return .hello(WireHello(client: "test", version: "0", features: features))
    }

    @Test func removingALotWithBidsEndsItForEveryoneAndKeepsItsHistory() async throws {
        let running = try await Self.start()
        defer { running.stop() }
        let mod = try await Selling.register(running, "mod"), bob = try await Selling.register(running, "bob")
        let id = try #require(Selling.object(try await Selling.sell(running, fields: Selling.valid))["id"] as? Int)
        let bidder = try RawSocket(port: running.addresses.socket.port)
        let watcher = try RawSocket(port: running.addresses.socket.port)
        defer { bidder.close(); watcher.close() }
        let placed = await bidder.exchange([ClientMessage.testHello, .login(token: bob),
                                            .bid(Bid(productID: ProductID(id), price: Money(2_000)), userID: nil)])
        #expect(placed.last??.result == true, "\(placed)")
        let lastPage = (Selling.demoCount) / ProductPage.size
        #expect(await watcher.exchange([Self.watcherHello(), .listState(stateNumber: lastPage)]).count == 2)

        // Refused before anything changes: no session, not a moderator, no reason, an escape, no such lot.
        let anonymous = try await running.http.post("/moderation/lots/\(id)/remove", json: Array(#"{"reason":"x"}"#.utf8))
        #expect(anonymous.status.code == 401)
        #expect(try await Self.act(running, "/moderation/lots/\(id)/remove", #"{"reason":"fake"}"#, token: bob).status.code == 403)
        #expect(try await Self.act(running, "/moderation/lots/\(id)/remove", #"{}"#, token: mod).status.code == 400)
        #expect(try await Self.act(running, "/moderation/lots/\(id)/remove", #"{"reason":"   "}"#, token: mod).status.code == 400)
        #expect(try await Self.act(running, "/moderation/lots/\(id)/remove", #"{"reason":"a\u001b[31mb"}"#, token: mod).status.code == 400)
        #expect(try await Self.act(running, "/moderation/lots/99999/remove", #"{"reason":"x"}"#, token: mod).status.code == 404)
        #expect(try Selling.count(running, "SELECT COUNT(*) FROM moderation_log") == 0)

        let removed = try await Self.act(running, "/moderation/lots/\(id)/remove", #"{"reason":"counterfeit"}"#, token: mod)
        #expect(removed.status == .ok, "\(String(decoding: removed.body, as: UTF8.self))")
        #expect(Selling.object(removed)["changed"] as? Bool == true)
        #expect(Selling.object(removed)["entry_id"] as? Int != nil)

        let pushed = await watcher.readMessages { messages in messages.contains { if case .lot = $0 { true } else { false } } }
        let event = try #require(pushed.compactMap { if case .lot(let event) = $0 { event } else { nil } }.first)
        #expect(event.kind == .withdrawn && event.productID == ProductID(id) && event.removedReason == "counterfeit")
        let notices = await bidder.readMessages { !Selling.notices($0).isEmpty }
        let notice = try #require(Selling.notices(notices).first)
        #expect(notice.kind == .lotRemoved && notice.note == "counterfeit" && notice.productID == ProductID(id))

        let refused = await bidder.exchange([.bid(Bid(productID: ProductID(id), price: Money(9_000)), userID: nil)], first: 10)
        #expect(refused.first??.reason == .lotRemoved)
        #expect(try await Selling.detail(running, id)["removed_reason"] as? String == "counterfeit")
        #expect(try await Selling.lastPage(running).contains { $0["product_id"] as? Int == id } == false)
        #expect(try Selling.count(running, "SELECT COUNT(*) FROM bids WHERE product_id = \(id)") == 1, "its history is kept")
        #expect(try Selling.count(running, "SELECT COUNT(*) FROM moderation_log WHERE action = 'remove_lot' AND product_id = \(id)") == 1)
        #expect(try await eventually {
            try Selling.count(running, "SELECT COUNT(*) FROM notifications WHERE kind = 'lot_removed' AND note = 'counterfeit'") == 2
        }, "the bidder and the seller")

        // Repeating changes nothing and says so; the log is append-only.
        let again = try await Self.act(running, "/moderation/lots/\(id)/remove", #"{"reason":"counterfeit"}"#, token: mod)
        #expect(again.status == .ok && Selling.object(again)["changed"] as? Bool == false)
        #expect(try Selling.count(running, "SELECT COUNT(*) FROM moderation_log") == 1)
        let database = try SQLiteDatabase(path: running.directory.file("auction.sqlite"))
        defer { database.close() }
        #expect(throws: StoreError.self) { try database.execute("UPDATE moderation_log SET reason = 'edited'") }
        #expect(throws: StoreError.self) { try database.execute("DELETE FROM moderation_log") }
    }

    @Test func suspendingAUserEndsTheirSessionsLoginsAndOpenLotsUntilLifted() async throws {
        let running = try await Self.start()
        defer { running.stop() }
        let mod = try await Selling.register(running, "mod"), bob = try await Selling.register(running, "bob")
        let lot = try #require(Selling.object(try await Selling.sell(running, fields: Selling.valid, token: bob))["id"] as? Int)
        let other = try #require(Selling.object(try await Selling.sell(running, fields: Selling.valid))["id"] as? Int)
        let socket = try RawSocket(port: running.addresses.socket.port)
        defer { socket.close() }
        let first = await socket.exchange([ClientMessage.testHello, .login(token: bob),
                                           .bid(Bid(productID: ProductID(other), price: Money(2_000)), userID: nil)])
        #expect(first.last??.result == true, "\(first)")

        #expect(try await Self.act(running, "/moderation/users/mod/suspend", #"{"reason":"self"}"#, token: mod).status.code == 409)
        #expect(try await Self.act(running, "/moderation/users/nobody/suspend", #"{"reason":"x"}"#, token: mod).status.code == 404)
        #expect(try await Self.act(running, "/moderation/users/bob/suspend", #"{"reason":"x","seconds":0}"#, token: mod).status.code == 400)
        for typo in [#""3600""#, "1.5", "true", "[3600]"] {
            let answer = try await Self.act(running, "/moderation/users/bob/suspend", #"{"reason":"x","seconds":"# + typo + "}", token: mod)
            #expect(answer.status.code == 400, "seconds \(typo) is not a suspension until lifted")
        }
        let suspended = try await Self.act(running, "/moderation/users/bob/suspend", #"{"reason":"shill bidding","seconds":3600}"#,
                                           token: mod)
        #expect(suspended.status == .ok, "\(String(decoding: suspended.body, as: UTF8.self))")
        #expect(Selling.object(suspended)["changed"] as? Bool == true)

        let after = await socket.exchange([.bid(Bid(productID: ProductID(other), price: Money(3_000)), userID: nil)], first: 10)
        #expect(after.first??.reason == .suspended, "the live socket's session ended, and it is told why")
        let relogin = await socket.exchange([.login(token: bob)], first: 20)
        #expect(relogin.first??.result == false)
        let login = try await running.http.post("/users/login", json: AccountDTO.credentialsBody(name: "bob", password: "correct horse"))
        #expect(login.status.code == 403)
        #expect(AccountDTO.errorMessage(from: login.body)?.contains("shill bidding") == true)
        #expect(try await Selling.detail(running, lot)["removed_reason"] as? String == "seller suspended: shill bidding")

        let again = try await Self.act(running, "/moderation/users/bob/suspend", #"{"reason":"shill bidding"}"#, token: mod)
        #expect(Selling.object(again)["changed"] as? Bool == false)
        let lifted = try await Self.act(running, "/moderation/users/bob/unsuspend", #"{"reason":"appeal upheld"}"#, token: mod)
        #expect(Selling.object(lifted)["changed"] as? Bool == true)
        let liftedAgain = try await Self.act(running, "/moderation/users/bob/unsuspend", #"{"reason":"appeal upheld"}"#, token: mod)
        #expect(Selling.object(liftedAgain)["changed"] as? Bool == false)
        let back = try await running.http.post("/users/login", json: AccountDTO.credentialsBody(name: "bob", password: "correct horse"))
        #expect(back.status == .ok)
        #expect(try Selling.count(running, "SELECT COUNT(*) FROM moderation_log") == 4,
                "suspend, the lot's removal, the lead's retraction, unsuspend")
        #expect(try Selling.count(running, "SELECT current_price FROM products WHERE id = \(other)") == 1_000,
                "the price falls back from the suspended user's lead")
        #expect(try Selling.count(running, "SELECT COUNT(*) FROM bids WHERE product_id = \(other) AND retracted_at IS NOT NULL") == 1)
        #expect(try Selling.count(running, """
            SELECT COUNT(*) FROM moderation_log WHERE action = 'suspend' AND details LIKE '%"sessions_ended":1%'
            """) == 1)
    }
}

extension ServerModerationTests {
    /// 200 rounds: a lot listed, then its removal and a bid on it sent together. Each round ends in one
    /// state, checked in the store: the lot removed, and the bid stored exactly when it was acked
    /// accepted (decided before the removal), else refused `lot_removed` with nothing stored.
    @Test func aRemovalRacingABidEndsInOneConsistentStateEveryRound() async throws {
        let running = try await ServerModerationTests.startForRounds()
        defer { running.stop() }
        let mod = try await Selling.register(running, "mod"), bob = try await Selling.register(running, "bob")
        var socket = try RawSocket(port: running.addresses.socket.port)
        defer { socket.close() }
        _ = await socket.exchange([ClientMessage.testHello, .login(token: bob)])
        var accepted = 0
        for round in 0..<200 {
            if round % 40 == 39 {  // under the per-connection bid rate
                socket.close()
                socket = try RawSocket(port: running.addresses.socket.port)
                _ = await socket.exchange([ClientMessage.testHello, .login(token: bob)])
            }
            let id = try #require(Selling.object(try await Selling.sell(running, fields: Selling.valid))["id"] as? Int)
            let bidder = socket
            async let removal = Self.act(running, "/moderation/lots/\(id)/remove", #"{"reason":"race"}"#, token: mod)
            async let bid = bidder.exchange([.bid(Bid(productID: ProductID(id), price: Money(2_000)), userID: nil)], first: Int64(100 + round))
            let (answer, replies) = try await (removal, bid)
            #expect(answer.status == .ok && Selling.object(answer)["changed"] as? Bool == true, "round \(round)")
            let reply = try #require(replies.first ?? nil, "round \(round)")
            let stored = try Selling.count(running, "SELECT COUNT(*) FROM bids WHERE product_id = \(id)")
            #expect(try Selling.count(running, "SELECT COUNT(*) FROM products WHERE id = \(id) AND removed_reason = 'race'") == 1)
            if reply.result {
                accepted += 1
                #expect(stored == 1, "round \(round): an acked bid is stored")
            } else {
                #expect(reply.reason == .lotRemoved, "round \(round): \(reply)")
                #expect(stored == 0, "round \(round): a refused bid is not stored")
            }
        }
        #expect(try Selling.count(running, "SELECT COUNT(*) FROM moderation_log") == 200)
        print("removal race: \(accepted) of 200 bids decided before the removal")
    }
}
