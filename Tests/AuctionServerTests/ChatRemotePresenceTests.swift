@testable import AuctionServer
import Testing

/// The mirror of other nodes' chat members: a user is present while any other node has a row for
/// it, rooms are bounded, and a fresh read replaces the mirror with only the real changes.
@Suite struct ChatRemotePresenceTests {
    static func row(_ id: Int64, node: Int64, _ room: String, _ user: String) -> ChatPresenceRows.Row {
        ChatPresenceRows.Row(id: id, node: node, member: .init(room: room, user: user))
    }

    @Test func aUserOnTwoOtherNodesJoinsOnceAndLeavesWithItsLastRow() {
        var mirror = ChatRemotePresence(node: 1, maximumUsersPerRoom: 10)
        #expect(mirror.add(Self.row(10, node: 2, "lobby", "alice")) == .init(room: "lobby", user: "alice", joined: true))
        #expect(mirror.add(Self.row(11, node: 3, "lobby", "alice")) == nil)
        #expect(mirror.add(Self.row(11, node: 3, "lobby", "alice")) == nil)  // the same row twice
        #expect(mirror.remove(10) == nil)
        #expect(mirror.contains("alice", in: "lobby"))
        #expect(mirror.remove(11) == .init(room: "lobby", user: "alice", joined: false))
        #expect(mirror.remove(11) == nil)
        #expect(mirror.users(in: "lobby").isEmpty)
    }

    @Test func thisNodesOwnRowsAreNotMirrored() {
        var mirror = ChatRemotePresence(node: 1, maximumUsersPerRoom: 10)
        #expect(mirror.add(Self.row(10, node: 1, "lobby", "alice")) == nil)
        #expect(!mirror.contains("alice", in: "lobby"))
    }

    @Test func aFullRoomRefusesMoreUsersButCountsThem() {
        var mirror = ChatRemotePresence(node: 1, maximumUsersPerRoom: 2)
        _ = mirror.add(Self.row(1, node: 2, "lobby", "a"))
        _ = mirror.add(Self.row(2, node: 2, "lobby", "b"))
        #expect(mirror.add(Self.row(3, node: 2, "lobby", "c")) == nil)
        #expect(mirror.add(Self.row(4, node: 3, "lobby", "a")) == nil)  // a present user's second row still fits
        #expect(mirror.users(in: "lobby") == ["a", "b"])
        #expect(mirror.refused == 1)
    }

    @Test func replacingGivesOnlyRealJoinsAndLeaves() {
        var mirror = ChatRemotePresence(node: 1, maximumUsersPerRoom: 10)
        _ = mirror.add(Self.row(1, node: 2, "lobby", "alice"))
        _ = mirror.add(Self.row(2, node: 2, "lobby", "bob"))
        // alice moved to node 3 meanwhile, bob left, carol came.
        let changes = mirror.replace(with: [Self.row(5, node: 3, "lobby", "alice"), Self.row(6, node: 3, "lobby", "carol")])
        #expect(Set(changes) == [.init(room: "lobby", user: "bob", joined: false), .init(room: "lobby", user: "carol", joined: true)])
        #expect(Set(mirror.users(in: "lobby")) == ["alice", "carol"])
        #expect(mirror.remove(1) == nil)
    }

    @Test func presencePayloadsAreReadStrictly() {
        #expect(ChatPresenceNotice.parse("+12")! == (true, 12))
        #expect(ChatPresenceNotice.parse("-7")! == (false, 7))
        for bad in ["", "+", "12", "+0", "-x", "+-3", "+ 3", "+99999999999999999999", "*3"] {
            #expect(ChatPresenceNotice.parse(bad) == nil, "\(bad)")
        }
    }
}
