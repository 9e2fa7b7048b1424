import AuctionCore
import AuctionData
import AuctionServer
import AuctionTestSupport
import Testing

/// Chat rooms across two nodes on one PostgreSQL store: every member, on either node, gets every
/// message once and in one order (the store's commit order, as its notifications carry it).
@Suite struct ClusterChatTests {
    static func node(_ store: ClusterStore) throws -> ServerFixture {
        try ServerFixture(listings: ServerFixture.listings(count: 3), hooks: ChatServerTests.hooks, configure: { $0.store = store.store })
    }

    /// Two chat nodes on one fresh store (3 products), both listening: the cluster chat tests' start.
    struct ListeningNodes {
        /// The shared store.
        let store: ClusterStore
        /// Node A and node B.
        let first: ServerFixture, second: ServerFixture

        /// Stops both nodes.
        func stop() {
            first.stop()
            second.stop()
        }
    }

    /// Starts two chat nodes on a fresh store and waits until both listen on it.
    static func listeningNodes() async throws -> ListeningNodes {
        let store = try ClusterStore(products: 3)
        let nodes = ListeningNodes(store: store, first: try node(store), second: try node(store))
        #expect(await ClusterFeedTests.listening(nodes.first))
        #expect(await ClusterFeedTests.listening(nodes.second))
        return nodes
    }

    @Test func messagesReachMembersOnBothNodesOnceInOneOrder() async throws {
        let nodes = try await ClusterChatTests.listeningNodes()
        defer { nodes.stop() }
        let (first, second) = (nodes.first, nodes.second)
        let alice = try await ChatServerTests.member(first, "alice", room: "lobby")
        let carol = try await ChatServerTests.member(first, "carol", room: "lobby")
        let bob = try await ChatServerTests.member(second, "bob", room: "lobby")
        defer { alice.close(); carol.close(); bob.close() }

        #expect(try await alice.request(.chatSend(room: "lobby", text: "from A")).result)
        #expect(try await bob.request(.chatSend(room: "lobby", text: "from B")).result)
        // Sent at once from both nodes: whichever commits first is first for everyone.
        async let fromAlice = alice.request(.chatSend(room: "lobby", text: "together A"))
        async let fromBob = bob.request(.chatSend(room: "lobby", text: "together B"))
        let (sentByAlice, sentByBob) = try await (fromAlice, fromBob)
        #expect(sentByAlice.result && sentByBob.result)

        let members = [alice, carol, bob]
        #expect(await eventually { members.allSatisfy { $0.chatLines(in: "lobby").count == 4 } })
        #expect(try await bob.request(.ping).result)
        let orders = members.map { $0.chatLines(in: "lobby").map(\.text) }
        #expect(orders.allSatisfy { $0.count == 4 }, "each message once: \(orders)")
        #expect(Set(orders.map { $0.joined(separator: "|") }).count == 1, "one order for every member: \(orders)")
        #expect(orders[0].prefix(2) == ["from A", "from B"])
        let sequences = members.map { $0.chatLines(in: "lobby").map(\.sequence) }
        #expect(sequences.allSatisfy { $0 == sequences[0] })
        // History from the store on either node holds all four.
        let late = try await ChatServerTests.member(second, "carol", room: "lobby")
        defer { late.close() }
        #expect(await eventually { late.chatLines(in: "lobby").count == 4 })
    }

    @Test func sequencesIncreaseInTheRoomsOrderWhenTwoNodesSendAtOnce() async throws {
        let nodes = try await ClusterChatTests.listeningNodes()
        defer { nodes.stop() }
        let (first, second) = (nodes.first, nodes.second)
        let alice = try await ChatServerTests.member(first, "alice", room: "lobby")
        let bob = try await ChatServerTests.member(second, "bob", room: "lobby")
        defer { alice.close(); bob.close() }
        let send = { @Sendable (client: TestClient, name: String) async throws -> [Int64] in
            var sequences: [Int64] = []
            for number in 1...20 {
                let reply = try await client.request(.chatSend(room: "lobby", text: "\(name) \(number)"))
                sequences += reply.fields["seq"]?.intValue.map { [$0] } ?? []
            }
            return sequences
        }
        async let fromAlice = send(alice, "alice")
        async let fromBob = send(bob, "bob")
        let replied = try await (fromAlice, fromBob)
        // Each reply's seq is the message's place in the room; together they number it 1…40.
        #expect((replied.0 + replied.1).sorted() == Array(1...40))
        #expect(await eventually { alice.chatLines(in: "lobby").count == 40 && bob.chatLines(in: "lobby").count == 40 })
        for member in [alice, bob] {
            // A client that skips what is not above the last seq it saw (SocketChatRoom) loses nothing.
            #expect(member.chatLines(in: "lobby").map(\.sequence) == Array(1...40))
        }
    }
}
