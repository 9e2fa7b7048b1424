import AuctionCore
import AuctionData
@testable import AuctionServer
import AuctionTestSupport
import Testing

/// Chat presence across nodes: joins, leaves and `who` span every node of a shared store, a user on
/// several nodes counts once, and the members of a node that died are announced gone after a sweep.
@Suite struct ClusterChatPresenceTests {
    static func events(_ client: TestClient, in room: String) -> [String] {
        client.presence(in: room).map { "\($0.user) \($0.event.rawValue)" }
    }

    static func who(_ client: TestClient, in room: String) async throws -> [String] {
        try await client.request(.chatWho(room: room)).fields["users"]?.arrayValue?.compactMap(\.stringValue) ?? []
    }

    @Test func aMemberOnOneNodeSeesJoinsAndLeavesOnTheOtherAndWhoListsBoth() async throws {
        let store = try ClusterStore(products: 3)
        let first = try ClusterChatTests.node(store), second = try ClusterChatTests.node(store)
        defer { first.stop(); second.stop() }
        #expect(await ClusterFeedTests.listening(first))
        #expect(await ClusterFeedTests.listening(second))
        let alice = try await ChatServerTests.member(first, "alice", room: "lobby")
        defer { alice.close() }
        #expect(await eventually { (try? store.connection.scalarInteger("SELECT COUNT(*) FROM chat_members")) == 1 })

        let bob = try await ChatServerTests.loggedIn(second, "bob")
        defer { bob.close() }
        let joined = try await bob.request(.chatJoin(room: "lobby"))
        #expect(joined.fields["users"]?.arrayValue?.compactMap(\.stringValue) == ["bob", "alice"])
        #expect(await eventually { Self.events(alice, in: "lobby") == ["alice join", "bob join"] })
        #expect(try await Self.who(alice, in: "lobby") == ["alice", "bob"])
        #expect(try await Self.who(bob, in: "lobby") == ["bob", "alice"])

        #expect(try await bob.request(.chatLeave(room: "lobby")).result)
        #expect(await eventually { Self.events(alice, in: "lobby") == ["alice join", "bob join", "bob leave"] })
        #expect(try await Self.who(alice, in: "lobby") == ["alice"])
        #expect(try await bob.request(.chatJoin(room: "lobby")).result)
        #expect(await eventually { Self.events(alice, in: "lobby").last == "bob join" })
        alice.close()
        #expect(await eventually { Self.events(bob, in: "lobby").last == "alice leave" })
        #expect(try await Self.who(bob, in: "lobby") == ["bob"])
    }

    @Test func aUserOnBothNodesIsAnnouncedOnceAndLeavesWithItsLastConnection() async throws {
        let store = try ClusterStore(products: 3)
        let first = try ClusterChatTests.node(store), second = try ClusterChatTests.node(store)
        defer { first.stop(); second.stop() }
        #expect(await ClusterFeedTests.listening(first))
        #expect(await ClusterFeedTests.listening(second))
        let alice = try await ChatServerTests.member(first, "alice", room: "lobby")
        let bob = try await ChatServerTests.member(second, "bob", room: "lobby")
        defer { alice.close(); bob.close() }
        #expect(await eventually { Self.events(alice, in: "lobby") == ["alice join", "bob join"] })

        let carolHere = try await ChatServerTests.member(first, "carol", room: "lobby")
        #expect(await eventually { Self.events(bob, in: "lobby").last == "carol join" })
        let carolThere = try await ChatServerTests.member(second, "carol", room: "lobby")
        defer { carolHere.close(); carolThere.close() }
        #expect(try await Self.who(bob, in: "lobby") == ["bob", "carol", "alice"])
        carolHere.close()
        // Still in the room on the second node: no leave anywhere.
        #expect(Set(try await Self.who(alice, in: "lobby")) == ["alice", "bob", "carol"])
        #expect(try await carolThere.request(.chatLeave(room: "lobby")).result)
        #expect(await eventually { Self.events(alice, in: "lobby").last == "carol leave" })
        #expect(await eventually { Self.events(bob, in: "lobby").last == "carol leave" })
        for client in [alice, bob] {
            let events = Self.events(client, in: "lobby")
            #expect(events.filter { $0.hasPrefix("carol") } == ["carol join", "carol leave"], "\(events)")
        }
    }

    @Test func membersOfANodeWhoseStoreConnectionEndedAreAnnouncedGoneAtTheNextSweep() async throws {
        let store = try ClusterStore(products: 3)
        let clock = ManualClock()
        let node = try ServerFixture(listings: ServerFixture.listings(count: 3), hooks: ChatServerTests.hooks, clock: clock,
                                     configure: { $0.store = store.store })
        defer { node.stop() }
        #expect(await ClusterFeedTests.listening(node))
        let bob = try await ChatServerTests.member(node, "bob", room: "lobby")
        defer { bob.close() }

        // Another node's presence, on a connection that then ends (as when its process is killed).
        let other = try PostgresConnection(store.fixture.url)
        _ = try ChatPresenceRows.register(42, other)
        try ChatPresenceRows.write(42, joins: [.init(room: "lobby", user: "dora")], leaves: [], other)
        #expect(await eventually { Self.events(bob, in: "lobby") == ["bob join", "dora join"] })
        #expect(try await Self.who(bob, in: "lobby") == ["bob", "dora"])
        other.close()

        #expect(await eventually {
            clock.advance(milliseconds: ChatPresenceWriter.sweepMilliseconds)
            return Self.events(bob, in: "lobby") == ["bob join", "dora join", "dora leave"]
        })
        #expect(try await Self.who(bob, in: "lobby") == ["bob"])
        #expect(try store.connection.scalarInteger("SELECT COUNT(*) FROM chat_members WHERE node = 42") == 0)
        #expect(try store.connection.scalarInteger("SELECT COUNT(*) FROM chat_nodes WHERE node = 42") == 0)
    }

    @Test func aStoppedNodeTakesItsMembersOutOfTheStore() async throws {
        let store = try ClusterStore(products: 3)
        let first = try ClusterChatTests.node(store), second = try ClusterChatTests.node(store)
        defer { second.stop() }
        #expect(await ClusterFeedTests.listening(second))
        let bob = try await ChatServerTests.member(second, "bob", room: "lobby")
        defer { bob.close() }
        let alice = try await ChatServerTests.member(first, "alice", room: "lobby")
        #expect(await eventually { Self.events(bob, in: "lobby").last == "alice join" })
        first.stop()
        alice.close()
        #expect(await eventually { Self.events(bob, in: "lobby").last == "alice leave" })
        #expect(await eventually { (try? store.connection.scalarInteger("SELECT COUNT(*) FROM chat_members")) == 1 })
    }
}
