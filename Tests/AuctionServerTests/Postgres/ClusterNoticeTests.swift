import AuctionCore
import AuctionData
@testable import AuctionServer
import AuctionTestSupport
import Testing

/// Notices stored by any node reach the user's connections on this one, once.
@Suite struct ClusterNoticeTests {
    static let sessions = FixedSessions(users: ["token-remote": SessionUser(id: UserID(rawValue: ClusterStore.remoteBidder), name: "remote")])
    static let hello = ClientMessage.hello(WireHello(
        client: "test", version: "0", features: ProtocolFeature.understoodByClient + [.notifications]))

    @Test func noticeStoredElsewhereReachesTheUsersConnectionOnce() async throws {
        let store = try ClusterStore(products: 5)
        let node = try ServerFixture(listings: ServerFixture.listings(count: 5), hooks: ServerHooks(makeSessionResolver: { _ in Self.sessions }),
                                     configure: { $0.store = store.store })
        defer { node.stop() }
        #expect(await eventually { (node.server.clusterStatistics?.connections ?? 0) >= 1 })
        let user = try RawSocket(port: node.socketPort), other = try RawSocket(port: node.socketPort)
        defer { user.close(); other.close() }
        let setup = await offPool {
            user.exchangeBlocking([Self.hello, .login(token: "token-remote")]) + other.exchangeBlocking([Self.hello])
        }
        #expect(setup.map { $0?.result } == [true, true, true])

        try store.connection.notify("auction_notices", payload: "not-an-id")
        let id = try store.storeNotice(product: 2, price: 12_000)
        try store.connection.notify("auction_notices", payload: "\(id)")  // heard twice: pushed once
        let later = try store.storeNotice(kind: "won", product: 3, price: 13_000)
        let received = ServerNotificationTests.notices(await user.readMessages { messages in
            ServerNotificationTests.notices(messages).contains { $0.id == later }
        })
        #expect(received.map(\.id) == [id, later])
        #expect(received.first?.kind == .outbid)
        #expect(received.first?.productName == "Item 2")
        #expect(received.first?.price == 12_000)
        #expect(received.last?.kind == .won)
        #expect(await eventually { node.server.clusterStatistics?.ignoredPayloads == 1 })
    }
}
