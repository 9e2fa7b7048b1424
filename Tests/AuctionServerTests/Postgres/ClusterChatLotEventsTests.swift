import AuctionCore
import AuctionData
import AuctionInfrastructure
@testable import AuctionServer
import AuctionTestSupport
import Testing

/// A bid another node committed is told in the lot's chat room here too, once this node adopts it.
@Suite struct ClusterChatLotEventsTests {
    @Test func aBidAnotherNodeCommittedIsToldInTheLotsRoomHere() async throws {
        let store = try ClusterStore(products: 20)
        let node = try ServerFixture(listings: ServerFixture.listings(count: 20), hooks: ChatServerTests.hooks,
                                     configure: { $0.store = store.store })
        defer { node.stop() }
        #expect(await ClusterFeedTests.listening(node))
        let alice = try await ChatServerTests.member(node, "alice", room: "product-3")
        defer { alice.close() }
        try store.commitBid(product: 3, price: 11_000)
        let told = { alice.pushes.withLock { $0.compactMap { if case .chatLot(let event) = $0 { event } else { nil } } } }
        #expect(await eventually { !told().isEmpty })
        #expect(told().map(\.kind) == [.bid])
        #expect(told().map(\.price) == [11_000])
        #expect(told().first?.room == "product-3")
    }
}
