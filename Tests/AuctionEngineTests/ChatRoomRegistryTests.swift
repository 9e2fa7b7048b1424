import AuctionTestSupport
import AuctionCore
import AuctionEngine
import Testing

@Suite struct ChatRoomRegistryTests {
    private let alice = ConnectionID(1)
    private let bob = ConnectionID(2)
    private let carol = ConnectionID(3)

    private func room(_ name: String) throws -> ChatRoomName { try ChatRoomName(validating: name) }

    @Test func membersGetEveryMessageOnceNumberedInAcceptOrder() throws {
        var chat = ChatRoomRegistry()
        let lobby = try room("lobby")
        _ = try chat.join(lobby, connection: alice, user: "alice", now: EngineFixtures.start)
        _ = try chat.join(lobby, connection: bob, user: "bob", now: EngineFixtures.start)
        _ = try chat.join(lobby, connection: carol, user: "carol", now: EngineFixtures.start)

        let texts = ["hi / there", "\"quoted\" \\ back\nslash", "👩‍👩‍👧‍👦 family", "last"]
        var messages: [ChatMessage] = []
        for (index, text) in texts.enumerated() {
            let sender = [alice, bob, carol, alice][index]
            let broadcast = try chat.send(text, to: lobby, from: sender, now: EngineFixtures.at(Int64(index)))
            #expect(broadcast.recipients == [alice, bob, carol])
            messages.append(broadcast.event)
        }
        #expect(messages.map(\.sequence) == [1, 2, 3, 4])
        #expect(messages.map(\.text) == texts)
        #expect(messages.map(\.sender) == ["alice", "bob", "carol", "alice"])
        #expect(messages[2].time == EngineFixtures.at(2))
        #expect(messages[0].room == lobby.rawValue)
    }

    @Test func messageLimitCountsCharactersNotBytes() throws {
        var chat = ChatRoomRegistry()
        let lobby = try room("lobby")
        _ = try chat.join(lobby, connection: alice, user: "alice", now: EngineFixtures.start)

        let emoji = String(repeating: "👍🏽", count: 1_000)   // 1,000 characters, 8,000 bytes
        #expect(try chat.send(emoji, to: lobby, from: alice, now: EngineFixtures.start).event.text == emoji)
        let thousand = String(repeating: "a", count: 1_000)
        #expect(try chat.send(thousand, to: lobby, from: alice, now: EngineFixtures.start).event.sequence == 2)

        #expect(throws: ChatError.messageTooLong(characters: 1_001, limit: 1_000)) {
            try chat.send(thousand + "b", to: lobby, from: alice, now: EngineFixtures.start)
        }
        #expect(throws: ChatError.messageEmpty) {
            try chat.send("", to: lobby, from: alice, now: EngineFixtures.start)
        }
        // Refused messages use no sequence number.
        #expect(try chat.send("ok", to: lobby, from: alice, now: EngineFixtures.start).event.sequence == 3)
        #expect(ChatError.messageEmpty.refusal == .invalid)
    }

    @Test func sendingRequiresMembership() throws {
        var chat = ChatRoomRegistry()
        let lobby = try room("lobby")
        _ = try chat.join(lobby, connection: alice, user: "alice", now: EngineFixtures.start)
        #expect(throws: ChatError.notMember(lobby)) {
            try chat.send("hello", to: lobby, from: bob, now: EngineFixtures.start)
        }
    }

    @Test func joinsAndLeavesAreAnnouncedAndWhoListsMembers() throws {
        var chat = ChatRoomRegistry()
        let product = ChatRoomName.product(5)
        let first = try chat.join(product, connection: alice, user: "alice", now: EngineFixtures.at(1))
        #expect(first == ChatBroadcast(event: ChatPresence(room: product.rawValue, user: "alice", event: .join, time: EngineFixtures.at(1)),
                                       recipients: [alice]))
        let second = try chat.join(product, connection: bob, user: "bob", now: EngineFixtures.at(2))
        #expect(second?.recipients == [alice, bob])
        #expect(try chat.join(product, connection: bob, user: "bob", now: EngineFixtures.at(3)) == nil)
        _ = try chat.join(product, connection: carol, user: "alice", now: EngineFixtures.at(4))   // alice's second terminal
        #expect(chat.who(product) == ["alice", "bob"])
        #expect(chat.members(of: product) == [alice, bob, carol])

        let left = chat.leave(product, connection: bob, now: EngineFixtures.at(5))
        #expect(left == ChatBroadcast(event: ChatPresence(room: product.rawValue, user: "bob", event: .leave, time: EngineFixtures.at(5)),
                                      recipients: [alice, carol]))
        #expect(chat.leave(product, connection: bob, now: EngineFixtures.at(6)) == nil)
        #expect(chat.who(product) == ["alice"])
    }

    @Test func disconnectLeavesEveryRoomAndEmptyRoomsDisappear() throws {
        var chat = ChatRoomRegistry()
        let lobby = try room("lobby")
        let product = ChatRoomName.product(9)
        _ = try chat.join(lobby, connection: alice, user: "alice", now: EngineFixtures.start)
        _ = try chat.join(product, connection: alice, user: "alice", now: EngineFixtures.start)
        _ = try chat.join(lobby, connection: bob, user: "bob", now: EngineFixtures.start)
        #expect(chat.rooms(of: alice) == [lobby, product])

        let leaves = chat.disconnect(alice, now: EngineFixtures.at(1))
        #expect(leaves.map(\.event.room) == [lobby.rawValue])
        #expect(leaves.first?.recipients == [bob])
        #expect(chat.roomNames == [lobby])
        #expect(chat.rooms(of: alice).isEmpty)
    }

    @Test func recreatedRoomContinuesNumberingFromTheStore() throws {
        var chat = ChatRoomRegistry()
        let lobby = try room("lobby")
        _ = try chat.join(lobby, connection: alice, user: "alice", now: EngineFixtures.start, lastSequence: 41)
        #expect(try chat.send("next", to: lobby, from: alice, now: EngineFixtures.start).event.sequence == 42)
        var asked = false
        _ = try chat.join(lobby, connection: bob, user: "bob", now: EngineFixtures.start, lastSequence: { asked = true; return 0 }())
        #expect(!asked)
        #expect(chat.lastSequence(in: lobby) == 42)
    }

    @Test func renamedConnectionSendsUnderItsNewName() throws {
        var chat = ChatRoomRegistry()
        let lobby = try room("lobby")
        _ = try chat.join(lobby, connection: alice, user: "guest-1", now: EngineFixtures.start)
        chat.rename(alice, to: "alice", now: EngineFixtures.start)
        #expect(try chat.send("hi", to: lobby, from: alice, now: EngineFixtures.start).event.sender == "alice")
        #expect(chat.who(lobby) == ["alice"])
    }

    @Test func roomNamesAreValidated() throws {
        #expect(throws: ChatError.roomNameEmpty) { try ChatRoomName(validating: "") }
        #expect(throws: ChatError.roomNameTooLong(characters: 65, limit: 64)) {
            try ChatRoomName(validating: String(repeating: "é", count: 65))
        }
        #expect(throws: ChatError.roomNameHasControlCharacter) { try ChatRoomName(validating: "a\nb") }
        #expect(throws: ChatError.roomNameHasControlCharacter) { try ChatRoomName(validating: "a\u{1B}[2J") }
        #expect(throws: ChatError.malformedProductRoom("product-x")) { try ChatRoomName(validating: "product-x") }
        #expect(try ChatRoomName(validating: String(repeating: "🎉", count: 64)).rawValue.count == 64)
        #expect(try ChatRoomName(validating: "product-15").productID == 15)
        #expect(try ChatRoomName(validating: "product-15") == ChatRoomName.product(15))
        #expect(try ChatRoomName(validating: "collectors / sneakers").productID == nil)
        #expect(ChatRoomName(rawValue: "\u{0}") == nil)
    }

    @Test func roomAndMembershipLimitsRefuse() throws {
        var configuration = ChatRoomRegistry.Configuration()
        configuration.maximumRoomsPerConnection = 2
        configuration.maximumMembersPerRoom = 2
        var chat = ChatRoomRegistry(configuration: configuration)
        _ = try chat.join(room("a"), connection: alice, user: "alice", now: EngineFixtures.start)
        _ = try chat.join(room("b"), connection: alice, user: "alice", now: EngineFixtures.start)
        #expect(throws: ChatError.tooManyRooms(limit: 2)) {
            try chat.join(room("c"), connection: alice, user: "alice", now: EngineFixtures.start)
        }
        _ = try chat.join(room("a"), connection: bob, user: "bob", now: EngineFixtures.start)
        #expect(throws: ChatError.roomFull(limit: 2)) {
            try chat.join(room("a"), connection: carol, user: "carol", now: EngineFixtures.start)
        }
        #expect(chat.members(of: try room("a")) == [alice, bob])
    }
    @Test func presenceIsPerUserNotPerConnection() throws {
        var chat = ChatRoomRegistry()
        let lobby = try room("lobby")
        let aliceJoined = try chat.join(lobby, connection: alice, user: "alice", now: EngineFixtures.at(1))
        let secondTerminal = try chat.join(lobby, connection: carol, user: "alice", now: EngineFixtures.at(2))
        _ = try chat.join(lobby, connection: bob, user: "bob", now: EngineFixtures.at(3))

        let firstLeaves = chat.leave(lobby, connection: alice, now: EngineFixtures.at(4))
        #expect(chat.who(lobby) == ["alice", "bob"])
        let lastLeaves = chat.disconnect(carol, now: EngineFixtures.at(5))

        #expect(aliceJoined?.recipients == [alice])
        #expect(secondTerminal == nil)
        #expect(chat.isMember(carol, of: lobby) == false)
        #expect(firstLeaves == nil)
        #expect(lastLeaves == [ChatBroadcast(event: ChatPresence(room: "lobby", user: "alice", event: .leave, time: EngineFixtures.at(5)),
                                             recipients: [bob])])
        #expect(chat.who(lobby) == ["bob"])
    }

    @Test func renamingToAnotherUserAnnouncesTheOldUsersLeaveAndTheNewUsersJoin() throws {
        var chat = ChatRoomRegistry()
        let lobby = try room("lobby")
        _ = try chat.join(lobby, connection: alice, user: "alice", now: EngineFixtures.start)
        _ = try chat.join(lobby, connection: bob, user: "bob", now: EngineFixtures.start)

        let changes = chat.rename(alice, to: "carol", now: EngineFixtures.at(1))
        let toExisting = chat.rename(alice, to: "bob", now: EngineFixtures.at(2))

        #expect(changes.map { "\($0.event.user) \($0.event.event.rawValue)" } == ["alice leave", "carol join"])
        #expect(changes.allSatisfy { $0.recipients == [alice, bob] })
        #expect(toExisting.map { "\($0.event.user) \($0.event.event.rawValue)" } == ["carol leave"])
        #expect(chat.who(lobby) == ["bob"])
    }

    @Test func roomNamesAreLimitedInBytesAndMarksPerCharacter() throws {
        let worstCase = "a" + String(repeating: "\u{300}", count: 27_000)   // one character, 54,001 bytes
        #expect(throws: ChatError.roomNameTooManyBytes(bytes: 54_001, limit: 256)) { try ChatRoomName(validating: worstCase) }
        #expect(throws: ChatError.roomNameTooManyBytes(bytes: 257, limit: 256)) {
            try ChatRoomName(validating: String(repeating: "a", count: 257))
        }
        #expect(throws: ChatError.tooManyMarks(limit: 8)) {
            try ChatRoomName(validating: "a" + String(repeating: "\u{300}", count: 9))
        }
        #expect(try ChatRoomName(validating: "a" + String(repeating: "\u{300}", count: 8)).rawValue.unicodeScalars.count == 9)
        #expect(try ChatRoomName(validating: "1\u{FE0F}\u{20E3} keycap room").productID == nil)
        var tight = ChatRoomName.Limits()
        tight.maximumBytes = 8
        #expect(throws: ChatError.roomNameTooManyBytes(bytes: 9, limit: 8)) { try ChatRoomName(validating: "123456789", limits: tight) }
    }

    @Test func roomNamesRefuseC1ControlsAndBidiOverrides() {
        for name in ["a\u{9B}31m", "a\u{85}b", "\u{202E}evil", "a\u{2066}b", "a\u{7F}", "a\tb"] {
            #expect(throws: ChatError.roomNameHasControlCharacter) { try ChatRoomName(validating: name) }
        }
    }

    @Test func roomNamesAreTheSameRoomOnlyWithTheSameBytes() throws {
        let composed = try room("caf\u{E9}")
        let decomposed = try room("cafe\u{301}")
        #expect(composed != decomposed)      // Swift's String == would call them equal
        #expect(Set([composed, decomposed]).count == 2)
        #expect(throws: ChatError.malformedProductRoom("product-\u{301}7")) { try ChatRoomName(validating: "product-\u{301}7") }
    }

    @Test func messagesRefuseControlsAndBidiOverridesButKeepNewlines() throws {
        var chat = ChatRoomRegistry()
        let lobby = try room("lobby")
        _ = try chat.join(lobby, connection: alice, user: "alice", now: EngineFixtures.start)
        let refused = ["\u{1B}[2J", "\u{1B}]52;c;aGk=\u{7}", "bell\u{7}", "nul\u{0}", "\u{9B}31mred", "a\rb", "tab\tb",
                       "\u{202E}txt.exe", "\u{2067}isolate"]

        for text in refused {
            #expect(throws: ChatError.messageHasControlCharacter) { try chat.send(text, to: lobby, from: alice, now: EngineFixtures.start) }
        }
        #expect(try chat.send("line one\nline two", to: lobby, from: alice, now: EngineFixtures.start).event.text == "line one\nline two")
        #expect(ChatError.messageHasControlCharacter.refusal == .invalid)
    }

    @Test func messagesAreLimitedInBytesAndMarksPerCharacter() throws {
        var chat = ChatRoomRegistry()
        let lobby = try room("lobby")
        _ = try chat.join(lobby, connection: alice, user: "alice", now: EngineFixtures.start)
        let zalgo = "a" + String(repeating: "\u{300}", count: 31_000)   // one character, 62,001 bytes

        #expect(throws: ChatError.messageTooManyBytes(bytes: 62_001, limit: 8_192)) {
            try chat.send(zalgo, to: lobby, from: alice, now: EngineFixtures.start)
        }
        #expect(throws: ChatError.tooManyMarks(limit: 8)) {
            try chat.send("a" + String(repeating: "\u{300}", count: 9), to: lobby, from: alice, now: EngineFixtures.start)
        }
        let largest = String(repeating: "字", count: 1_000)   // 3,000 bytes
        #expect(try chat.send(largest, to: lobby, from: alice, now: EngineFixtures.start).event.text == largest)
    }
}
