import AuctionCore
import AuctionServer
import AuctionTestSupport
import Testing

@Suite struct SQLiteChatStoreTests {
    static let now = Timestamp(millisecondsSinceEpoch: 1_790_000_000_000)

    @Test func keepsTheLastMessagesOfARoomInOrder() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let store = try ChatStore(path: folder.file("chat.sqlite"))
        for n in 1...60 {
            _ = try store.append(room: "product-5", sender: "alice", text: "message \(n)", at: Self.now.adding(milliseconds: Int64(n)))
            _ = try store.append(room: "lobby", sender: "bob", text: "other \(n)", at: Self.now)
        }

        let recent = try store.recent(in: "product-5")

        #expect(recent.map(\.text) == (11...60).map { "message \($0)" })
        #expect(zip(recent, recent.dropFirst()).allSatisfy { $0.sequence < $1.sequence })
        #expect(try store.recent(in: "product-5", limit: 2).map(\.text) == ["message 59", "message 60"])
        #expect(try store.recent(in: "empty").isEmpty)
    }

    @Test func textRoundTripsExactly() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = folder.file("text.sqlite")
        let text = "a/b \"q\" back\\slash\nnew line 🎉 " + String(repeating: "가", count: 980)
        do {
            let store = try ChatStore(path: path)
            let stored = try store.append(room: "r", sender: "eve", text: text, at: Self.now)
            #expect(stored.text == text && stored.sequence > 0)
            store.close()
        }
        let reopened = try ChatStore(path: path)
        let message = try #require(try reopened.recent(in: "r").first)
        #expect(message.text == text && message.sender == "eve" && message.time == Self.now)
    }
}
