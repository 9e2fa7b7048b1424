import AuctionCore
import AuctionData
import AuctionInfrastructure
import AuctionServer
import Foundation
import AuctionTestSupport
import Testing

@Suite struct ChatServerTests {
    static let tokens = ["token-alice": SessionUser(id: UserID(rawValue: 1), name: "alice"),
                         "token-bob": SessionUser(id: UserID(rawValue: 2), name: "bob"),
                         "token-carol": SessionUser(id: UserID(rawValue: 3), name: "carol")]

    /// Sessions for alice, bob and carol.
    static let hooks = ServerHooks(makeSessionResolver: { _ in FixedSessions(users: tokens) })

    /// A server with products 1…3 and the users alice, bob and carol (tokens `token-<name>`).
    static func server(clock: any TimeSource = SystemClock(), configure: (inout ServerConfiguration) -> Void = { _ in }) throws -> ServerFixture {
        try ServerFixture(listings: ServerFixture.listings(count: 3), hooks: hooks, clock: clock, configure: configure)
    }

    /// A client logged in as `name`.
    static func loggedIn(_ fixture: ServerFixture, _ name: String) async throws -> TestClient {
        let client = try fixture.client()
        let login = try await client.request(.login(token: "token-\(name)"))
        #expect(login.result)
        return client
    }

    /// A client logged in as `name` that joined `room`.
    static func member(_ fixture: ServerFixture, _ name: String, room: String) async throws -> TestClient {
        let client = try await loggedIn(fixture, name)
        let joined = try await client.request(.chatJoin(room: room))
        #expect(joined.result, "join \(room): \(joined.reason.map { "\($0)" } ?? "")")
        return client
    }

    @Test func twoClientsExchangeMessagesBothWays() async throws {
        let fixture = try Self.server()
        defer { fixture.stop() }
        let alice = try await Self.member(fixture, "alice", room: "product-1")
        defer { alice.close() }
        let bob = try await Self.member(fixture, "bob", room: "product-1")
        defer { bob.close() }
        let long = String(repeating: "é", count: 999) + "👍🏽"
        let fromAlice = ["50/50 it's \"fine\" \\ ok", "line one\nline two", "🎉 emoji", long]
        let fromBob = ["/who is not a command here", "back\\slash"]

        for text in fromAlice {
            #expect(try await alice.request(.chatSend(room: "product-1", text: text)).result)
        }
        for text in fromBob {
            #expect(try await bob.request(.chatSend(room: "product-1", text: text)).result)
        }

        let expected = fromAlice.map { ("alice", $0) } + fromBob.map { ("bob", $0) }
        for client in [alice, bob] {
            #expect(await eventually { client.chatLines(in: "product-1").count >= expected.count })
            let lines = client.chatLines(in: "product-1")
            #expect(lines.map(\.sender) == expected.map(\.0))
            #expect(lines.map(\.text) == expected.map(\.1))
            #expect(lines.map(\.sequence) == lines.map(\.sequence).sorted())
            #expect(lines.allSatisfy { $0.time.millisecondsSinceEpoch > 0 })
        }
        #expect(long.count == 1_000)
    }

    @Test func messageOverOneThousandCharactersIsRefusedWithAReason() async throws {
        let fixture = try Self.server()
        defer { fixture.stop() }
        let alice = try await Self.member(fixture, "alice", room: "talk")
        defer { alice.close() }

        let refused = try await alice.request(.chatSend(room: "talk", text: String(repeating: "a", count: 1_001)))
        let empty = try await alice.request(.chatSend(room: "talk", text: ""))
        let accepted = try await alice.request(.chatSend(room: "talk", text: "after"))

        #expect(refused.result == false)
        #expect(refused.reason == .invalid)
        #expect(refused.fields["message"]?.stringValue?.contains("1000") == true)
        #expect(empty.result == false)
        #expect(accepted.result)
        #expect(await eventually { alice.chatLines(in: "talk").count == 1 })
        #expect(alice.chatLines(in: "talk").map(\.text) == ["after"])
    }

    @Test func historyOfTheLastFiftyArrivesOnJoinBeforeLiveMessages() async throws {
        let fixture = try Self.server()
        defer { fixture.stop() }
        let alice = try await Self.member(fixture, "alice", room: "product-2")
        defer { alice.close() }
        for index in 1...55 {
            #expect(try await alice.request(.chatSend(room: "product-2", text: "old \(index)")).result)
        }

        let bob = try await Self.member(fixture, "bob", room: "product-2")
        defer { bob.close() }
        #expect(try await alice.request(.chatSend(room: "product-2", text: "live")).result)

        #expect(await eventually { bob.chatLines(in: "product-2").count >= 51 })
        let texts = bob.chatLines(in: "product-2").map(\.text)
        #expect(texts == (6...55).map { "old \($0)" } + ["live"])
    }

    @Test func historySurvivesARestartOfTheServer() async throws {
        let fixture = try Self.server()
        defer { fixture.stop() }
        let alice = try await Self.member(fixture, "alice", room: "kept")
        #expect(try await alice.request(.chatSend(room: "kept", text: "still here")).result)
        alice.close()
        fixture.server.stop()

        var configuration = ServerConfiguration.ephemeral(databasePath: fixture.databasePath)
        configuration.seedDemoCatalogue = false
        let restarted = AuctionHouseServer(configuration: configuration, log: ServerLog(level: .error) { _ in }, hooks: Self.hooks)
        let addresses = try restarted.start()
        defer { restarted.stop() }
        let bob = try TestClient(port: addresses.socket.port)
        defer { bob.close() }
        #expect(try await bob.request(.login(token: "token-bob")).result)
        #expect(try await bob.request(.chatJoin(room: "kept")).result)

        #expect(await eventually { bob.chatLines(in: "kept").count == 1 })
        #expect(bob.chatLines(in: "kept").first?.sender == "alice")
    }

    @Test func threeClientsSeeTheSameOrder() async throws {
        let fixture = try Self.server()
        defer { fixture.stop() }
        var clients: [TestClient] = []
        for name in ["alice", "bob", "carol"] {
            clients.append(try await Self.member(fixture, name, room: "race"))
        }
        defer { clients.forEach { $0.close() } }

        try await withThrowingTaskGroup(of: Void.self) { group in
            for (index, client) in clients.enumerated() {
                group.addTask {
                    for round in 1...20 {
                        _ = try await client.request(.chatSend(room: "race", text: "\(index)-\(round)"))
                    }
                }
            }
            try await group.waitForAll()
        }

        for client in clients {
            #expect(await eventually { client.chatLines(in: "race").count >= 60 })
        }
        let orders = clients.map { $0.chatLines(in: "race").map(\.text) }
        #expect(orders[0].count == 60)
        #expect(orders[1] == orders[0])
        #expect(orders[2] == orders[0])
        #expect(Set(orders[0]).count == 60)
        let sequences = clients[0].chatLines(in: "race").map(\.sequence)
        #expect(sequences == sequences.sorted())
    }

    @Test func sendingWithoutLoginIsRefusedUnauthenticated() async throws {
        let fixture = try Self.server()
        defer { fixture.stop() }
        let alice = try await Self.member(fixture, "alice", room: "lobby")
        defer { alice.close() }
        let guest = try fixture.client()
        defer { guest.close() }

        let reply = try await guest.request(.chatSend(room: "lobby", text: "hello"))

        #expect(reply.result == false)
        #expect(reply.reason == .unauthenticated)
        #expect(try fixture.inspect { try $0.query("SELECT COUNT(*) FROM chat_messages") { $0.int64(0) } } == [0])
    }

    @Test func sendingToARoomNotJoinedIsRefused() async throws {
        let fixture = try Self.server()
        defer { fixture.stop() }
        let alice = try await Self.member(fixture, "alice", room: "lobby")
        defer { alice.close() }

        let reply = try await alice.request(.chatSend(room: "elsewhere", text: "hello"))
        let badRoom = try await alice.request(.chatJoin(room: "product-x"))
        let noProduct = try await alice.request(.chatJoin(room: "product-99"))

        #expect(reply.result == false)
        #expect(reply.reason == .invalid)
        #expect(badRoom.result == false)
        #expect(noProduct.reason == .unknownProduct)
    }

    @Test func joinsLeavesAndDisconnectsAreAnnouncedAndWhoListsMembers() async throws {
        let fixture = try Self.server()
        defer { fixture.stop() }
        let alice = try await Self.member(fixture, "alice", room: "product-3")
        defer { alice.close() }
        let bob = try await Self.member(fixture, "bob", room: "product-3")
        let carol = try await Self.member(fixture, "carol", room: "product-3")
        defer { carol.close() }

        let who = try await alice.request(.chatWho(room: "product-3"))
        #expect(who.fields["users"]?.arrayValue?.compactMap(\.stringValue) == ["alice", "bob", "carol"])
        #expect(try await carol.request(.chatLeave(room: "product-3")).result)
        bob.close()

        #expect(await eventually { alice.presence(in: "product-3").count >= 5 })
        let events = alice.presence(in: "product-3").map { "\($0.user) \($0.event.rawValue)" }
        #expect(events == ["alice join", "bob join", "carol join", "carol leave", "bob leave"])
        let after = try await alice.request(.chatWho(room: "product-3"))
        #expect(after.fields["users"]?.arrayValue?.compactMap(\.stringValue) == ["alice"])
    }
    @Test func loggingInAsSomeoneElseAnnouncesTheOldUsersLeaveAndTheNewUsersJoin() async throws {
        let fixture = try Self.server()
        defer { fixture.stop() }
        let bob = try await Self.member(fixture, "bob", room: "lobby")
        defer { bob.close() }
        let shared = try await Self.member(fixture, "alice", room: "lobby")
        defer { shared.close() }

        #expect(try await shared.request(.login(token: "token-carol")).result)
        #expect(try await shared.request(.chatSend(room: "lobby", text: "carol now")).result)

        #expect(await eventually { bob.chatLines(in: "lobby").count == 1 })
        #expect(bob.presence(in: "lobby").map { "\($0.user) \($0.event.rawValue)" } == ["bob join", "alice join", "alice leave", "carol join"])
        #expect(bob.chatLines(in: "lobby").first?.sender == "carol")
        #expect(try await bob.request(.chatWho(room: "lobby")).fields["users"]?.arrayValue?.compactMap(\.stringValue) == ["bob", "carol"])
    }
}
