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
        let nodes = try await ClusterChatTests.listeningNodes()
        defer { nodes.stop() }
        let (first, second) = (nodes.first, nodes.second)
        let bob = try await ChatServerTests.member(second, "bob", room: "barrier")
        let alice = try await ChatServerTests.member(first, "alice", room: "lobby")
        defer { alice.close(); bob.close() }
        // Her second room is written after the lobby: once bob sees her there, his node has read both.
        #expect(try await alice.request(.chatJoin(room: "barrier")).result)
        #expect(await eventually { Self.events(bob, in: "barrier").last == "alice join" })

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
        let nodes = try await ClusterChatTests.listeningNodes()
        defer { nodes.stop() }
        let (first, second) = (nodes.first, nodes.second)
        let alice = try await ChatServerTests.member(first, "alice", room: "lobby")
        let bob = try await ChatServerTests.member(second, "bob", room: "lobby")
        defer { alice.close(); bob.close() }
        #expect(await eventually { Self.events(alice, in: "lobby") == ["alice join", "bob join"] })

        let carolHere = try await ChatServerTests.member(first, "carol", room: "lobby")
        #expect(await eventually { Self.events(bob, in: "lobby").last == "carol join" })
        let carolThere = try await ChatServerTests.member(second, "carol", room: "lobby")
        defer { carolHere.close(); carolThere.close() }
        // Bob joins another room of alice's after that: once she sees it, her node has read carol's second row too.
        #expect(try await alice.request(.chatJoin(room: "barrier")).result)
        #expect(try await bob.request(.chatJoin(room: "barrier")).result)
        #expect(await eventually { Self.events(alice, in: "barrier").last == "bob join" })
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

    @Test func aNodeWhoseOwnPresenceConnectionBrokeIsSweptThenListedAgain() async throws {
        let store = try ClusterStore(products: 3)
        let firstClock = ManualClock(), secondClock = ManualClock()
        let node = { (clock: ManualClock) in
            try ServerFixture(listings: ServerFixture.listings(count: 3), hooks: ChatServerTests.hooks, clock: clock,
                              configure: { $0.store = store.store })
        }
        let first = try node(firstClock), second = try node(secondClock)
        defer { first.stop(); second.stop() }
        #expect(await ClusterFeedTests.listening(first))
        #expect(await ClusterFeedTests.listening(second))
        let bob = try await ChatServerTests.member(second, "bob", room: "lobby")
        let alice = try await ChatServerTests.member(first, "alice", room: "lobby")
        defer { alice.close(); bob.close() }
        #expect(await eventually { Self.events(bob, in: "lobby") == ["bob join", "alice join"] })

        // The first node's presence backend ends (PostgreSQL restarted it, say): the second node's sweep
        // takes alice out; the first node's next sweeps reconnect and write her again.
        let pid = try #require(try store.connection.scalarInteger("""
            SELECT n.backend_pid FROM chat_nodes n JOIN chat_members m ON m.node = n.node WHERE m.user_name = 'alice'
            """))
        try store.terminate(backend: pid)
        #expect(await eventually {
            secondClock.advance(milliseconds: ChatPresenceWriter.sweepMilliseconds)
            return Self.events(bob, in: "lobby").last == "alice leave"
        })
        #expect(await eventually {
            firstClock.advance(milliseconds: ChatPresenceWriter.sweepMilliseconds)
            return Self.events(bob, in: "lobby").last == "alice join"
        })
        #expect(Self.events(bob, in: "lobby") == ["bob join", "alice join", "alice leave", "alice join"])
        #expect(try await Self.who(bob, in: "lobby") == ["bob", "alice"])
        // Her own node's break is not news to her (bob's join comes too if her node read his row after she joined).
        #expect(Self.events(alice, in: "lobby").filter { $0.hasSuffix("leave") }.isEmpty)
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
        second.stop()
        // Both nodes closed every connection they opened (the presence writer's too).
        #expect(await eventually {
            (try? store.connection.scalarInteger(
                "SELECT COUNT(*) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()")) == 0
        })
    }
}
