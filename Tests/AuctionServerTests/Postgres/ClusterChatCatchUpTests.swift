import AuctionCore
import AuctionData
@testable import AuctionServer
import AuctionTestSupport
import Testing

/// Chat messages committed while a node's listener was reconnecting reach that node's members once,
/// in the room's order (`room_seq`, which follows the commits), when it has caught up.
@Suite struct ClusterChatCatchUpTests {
    @Test func messagesSentWhileTheListenerReconnectsReachItsMembersOnceInOrder() async throws {
        let nodes = try await ClusterChatTests.listeningNodes()
        defer { nodes.stop() }
        let (store, first, second) = (nodes.store, nodes.first, nodes.second)
        let alice = try await ChatServerTests.member(first, "alice", room: "lobby")
        let bob = try await ChatServerTests.member(second, "bob", room: "lobby")
        defer { alice.close(); bob.close() }
        #expect(try await alice.request(.chatSend(room: "lobby", text: "before")).result)
        #expect(await eventually { bob.chatLines(in: "lobby").count == 1 })

        let pid = try #require(second.server.clusterStatistics?.backendProcessID)
        try store.terminate(backend: pid)
        for number in 1...3 {
            #expect(try await alice.request(.chatSend(room: "lobby", text: "while \(number)")).result)
        }
        #expect(await ClusterFeedTests.listening(second, connections: 2))
        #expect(await eventually { bob.chatLines(in: "lobby").count >= 4 })
        #expect(try await bob.request(.ping).result)
        #expect(bob.chatLines(in: "lobby").map(\.text) == ["before", "while 1", "while 2", "while 3"])
        #expect(await eventually { alice.chatLines(in: "lobby").count == 4 })
        #expect(alice.chatLines(in: "lobby").map(\.sequence) == bob.chatLines(in: "lobby").map(\.sequence))
    }

    @Test func messagesWhoseNotificationNeverCameAreCaughtUpAfterAReconnect() async throws {
        let store = try ClusterStore(products: 3)
        let node = try ClusterChatTests.node(store)
        defer { node.stop() }
        #expect(await ClusterFeedTests.listening(node))
        let bob = try await ChatServerTests.member(node, "bob", room: "lobby")
        let carol = try await ChatServerTests.member(node, "carol", room: "elsewhere")
        defer { bob.close(); carol.close() }
        #expect(try await bob.request(.chatSend(room: "lobby", text: "first")).result)
        #expect(await eventually { bob.chatLines(in: "lobby").count == 1 })

        // Another node's messages, committed without a NOTIFY while this node's listener is away. The
        // table stays locked until they commit, so a catch-up that starts sooner waits for them.
        let pid = try #require(node.server.clusterStatistics?.backendProcessID)
        try store.connection.transaction { () throws(StoreError) in
            try store.connection.execute("LOCK TABLE chat_messages IN ACCESS EXCLUSIVE MODE")
            _ = try store.connection.scalarInteger("SELECT CASE WHEN pg_terminate_backend(?::integer) THEN 1 ELSE 0 END", [.integer(pid)])
            for text in ["missed 1", "missed 2"] { try store.appendChat(room: "lobby", text: text) }
            try store.appendChat(room: "nobody-here", text: "not followed")
        }
        #expect(await ClusterFeedTests.listening(node, connections: 2))
        #expect(await eventually { bob.chatLines(in: "lobby").count >= 3 })
        #expect(try await bob.request(.ping).result)
        #expect(bob.chatLines(in: "lobby").map(\.text) == ["first", "missed 1", "missed 2"])
        #expect(bob.chatLines(in: "lobby").map(\.sequence) == bob.chatLines(in: "lobby").map(\.sequence).sorted())
        #expect(carol.chatLines(in: "elsewhere").isEmpty)
        #expect(carol.chatLines(in: "nobody-here").isEmpty)
    }

    @Test func chatWorksAcrossNodesAgainAfterPostgreSQLRestarts() async throws {
        let postgres = try await offPool { try PrivatePostgresServer() }
        defer { postgres.remove() }
        let store = try PostgresConnectionString(try postgres.createDatabase("auction"))
        let node = { try ServerFixture(listings: ServerFixture.listings(count: 3), hooks: ChatServerTests.hooks, configure: { $0.store = store }) }
        let first = try node(), second = try node()
        defer { first.stop(); second.stop() }
        #expect(await ClusterFeedTests.listening(first))
        #expect(await ClusterFeedTests.listening(second))
        let alice = try await ChatServerTests.member(first, "alice", room: "lobby")
        let bob = try await ChatServerTests.member(second, "bob", room: "lobby")
        defer { alice.close(); bob.close() }
        #expect(try await alice.request(.chatSend(room: "lobby", text: "before")).result)
        #expect(await eventually { bob.chatLines(in: "lobby").count == 1 })

        try await offPool { try postgres.restart() }
        #expect(await ClusterFeedTests.listening(first, connections: 2))
        #expect(await ClusterFeedTests.listening(second, connections: 2))
        // The send that finds the old connection gone fails (it is not repeated: its commit is unknown);
        // the next one goes through a new connection.
        if try await !alice.request(.chatSend(room: "lobby", text: "after")).result {
            #expect(try await alice.request(.chatSend(room: "lobby", text: "after")).result)
        }
        #expect(await eventually { bob.chatLines(in: "lobby").count >= 2 })
        #expect(try await bob.request(.ping).result)
        #expect(bob.chatLines(in: "lobby").map(\.text) == ["before", "after"])
        // History reads reconnect too.
        let carol = try await ChatServerTests.member(second, "carol", room: "lobby")
        defer { carol.close() }
        #expect(await eventually { carol.chatLines(in: "lobby").count == 2 })
    }

    @Test func aRoomsSequenceFollowsTheCommitOrderOfTwoWritersAtOnce() async throws {
        let fixture = try PostgresFixture()
        let setup = try PostgresConnection(fixture.url)
        defer { setup.close() }
        try PostgresSchema.migrate(setup)
        try setup.listen(ChatStore.channel)
        let url = fixture.url
        let writers = (0..<2).map { writer in
            { @Sendable () throws -> Void in
                let store = try ChatStore(target: .postgres(try PostgresConnectionString(url)))
                defer { store.close() }
                for number in 1...40 {
                    _ = try store.append(room: "lobby", sender: "writer \(writer)", text: "\(number)",
                                         at: Timestamp(millisecondsSinceEpoch: 0))
                }
            }
        }
        async let one: Void = offPool(writers[0])
        async let two: Void = offPool(writers[1])
        _ = try await (one, two)

        var ids: [Int64] = []
        while ids.count < 80, case let batch = try setup.waitForNotifications(milliseconds: 2_000), !batch.isEmpty {
            ids += batch.compactMap { Int64($0.payload) }
        }
        #expect(ids.count == 80)
        let bySequence = try setup.query("SELECT id, room_seq FROM chat_messages") { ($0.int64(0), $0.int64(1)) }
        let roomSequence = Dictionary(uniqueKeysWithValues: bySequence)
        // The notifications' (commit) order is the room's order, with no gaps.
        #expect(ids.compactMap { roomSequence[$0] } == Array(1...80))
    }
}

extension ClusterStore {
    /// Appends a chat message as `ChatStore.append` does on PostgreSQL, without its NOTIFY.
    func appendChat(room: String, text: String) throws(StoreError) {
        let sequence = try connection.scalarInteger("""
            INSERT INTO chat_rooms (room, last_seq) VALUES (?, 1)
            ON CONFLICT (room) DO UPDATE SET last_seq = chat_rooms.last_seq + 1 RETURNING last_seq
            """, [.text(room)]) ?? 0
        try connection.run("INSERT INTO chat_messages (room, sender, text, time, room_seq) VALUES (?, 'remote', ?, 0, ?)",
                           [.text(room), .text(text), .integer(sequence)])
    }
}
