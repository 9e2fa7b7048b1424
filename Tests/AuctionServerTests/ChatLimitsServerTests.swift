import AuctionCore
import AuctionData
import AuctionInfrastructure
import AuctionServer
import Foundation
import AuctionTestSupport
import Testing

/// Chat's defences over real sockets: login to join, rates, the history cap, names and text refused.
@Suite struct ChatLimitsServerTests {
    @Test func joiningWithoutLoginIsRefusedUnauthenticated() async throws {
        let fixture = try ChatServerTests.server()
        defer { fixture.stop() }
        let guest = try fixture.client()
        defer { guest.close() }

        let join = try await guest.request(.chatJoin(room: "lobby"))
        let who = try await guest.request(.chatWho(room: "lobby"))

        #expect(join.result == false)
        #expect(join.reason == .unauthenticated)
        #expect(join.fields["message"]?.stringValue == "log in to join rooms")
        #expect(who.reason == .unauthenticated)
    }

    @Test func aWorstCaseRoomNameIsRefusedByItsBytes() async throws {
        let fixture = try ChatServerTests.server()
        defer { fixture.stop() }
        let alice = try await ChatServerTests.loggedIn(fixture, "alice")
        defer { alice.close() }
        let worstCase = "a" + String(repeating: "\u{300}", count: 27_000)   // one character, 54,001 bytes

        let reply = try await alice.request(.chatJoin(room: worstCase))
        let marks = try await alice.request(.chatJoin(room: "a" + String(repeating: "\u{300}", count: 9)))
        let fine = try await alice.request(.chatJoin(room: "café ☕"))

        #expect(reply.result == false)
        #expect(reply.reason == .invalid)
        #expect(reply.fields["message"]?.stringValue == "room names are at most 256 bytes of UTF-8")
        #expect(marks.reason == .invalid)
        #expect(fine.result)
    }

    @Test func controlCharactersAndBidiOverridesAreRefusedInTextAndNames() async throws {
        let fixture = try ChatServerTests.server()
        defer { fixture.stop() }
        let alice = try await ChatServerTests.member(fixture, "alice", room: "lobby")
        defer { alice.close() }
        let hostile = ["\u{1B}]52;c;cm0gLXJmIH4=\u{7}", "\u{9B}2J", "nul\u{0}", "\u{202E}gnp.exe"]

        var replies: [WireReply] = []
        for text in hostile {
            replies.append(try await alice.request(.chatSend(room: "lobby", text: text)))
        }
        let newline = try await alice.request(.chatSend(room: "lobby", text: "two\nlines"))
        let badRoom = try await alice.request(.chatJoin(room: "lobby\u{9B}"))

        #expect(replies.map(\.result) == [false, false, false, false])
        #expect(replies.allSatisfy { $0.reason == .invalid })
        #expect(newline.result)
        #expect(badRoom.reason == .invalid)
        #expect(await eventually { alice.chatLines(in: "lobby").count == 1 })
        #expect(try fixture.inspect { try $0.query("SELECT text FROM chat_messages") { $0.text(0) } } == ["two\nlines"])
    }

    @Test func aUsersSecondConnectionAnnouncesNeitherJoinNorLeaveUntilItsLast() async throws {
        let fixture = try ChatServerTests.server()
        defer { fixture.stop() }
        let bob = try await ChatServerTests.member(fixture, "bob", room: "product-1")
        defer { bob.close() }
        let alice = try await ChatServerTests.member(fixture, "alice", room: "product-1")
        let aliceAgain = try await ChatServerTests.member(fixture, "alice", room: "product-1")
        let who = try await bob.request(.chatWho(room: "product-1"))

        #expect(try await alice.request(.chatLeave(room: "product-1")).result)
        #expect(try await bob.request(.ping).result)   // the leave, had there been one, came before this reply
        let afterFirst = bob.presence(in: "product-1").map { "\($0.user) \($0.event.rawValue)" }
        aliceAgain.close()
        alice.close()

        #expect(who.fields["users"]?.arrayValue?.compactMap(\.stringValue) == ["bob", "alice"])
        #expect(afterFirst == ["bob join", "alice join"])
        #expect(await eventually { bob.presence(in: "product-1").count == 3 })
        #expect(bob.presence(in: "product-1").map { "\($0.user) \($0.event.rawValue)" } == ["bob join", "alice join", "alice leave"])
    }

    @Test func aSecondConnectionOfTheSameUserStillGetsTheHistory() async throws {
        let fixture = try ChatServerTests.server()
        defer { fixture.stop() }
        let alice = try await ChatServerTests.member(fixture, "alice", room: "lobby")
        defer { alice.close() }
        #expect(try await alice.request(.chatSend(room: "lobby", text: "earlier")).result)

        let aliceAgain = try await ChatServerTests.member(fixture, "alice", room: "lobby")
        defer { aliceAgain.close() }

        #expect(await eventually { aliceAgain.chatLines(in: "lobby").count == 1 })
        #expect(aliceAgain.chatLines(in: "lobby").map(\.text) == ["earlier"])
    }

    @Test func sendingIsLimitedPerUserAcrossItsConnections() async throws {
        // The server's clock stands still: no token comes back however slow the machine is.
        let fixture = try ChatServerTests.server(clock: ManualClock(SystemClock().now())) { $0.chat.messagesPerMinute = 3 }
        defer { fixture.stop() }
        let alice = try await ChatServerTests.member(fixture, "alice", room: "lobby")
        defer { alice.close() }
        let aliceAgain = try await ChatServerTests.member(fixture, "alice", room: "lobby")
        defer { aliceAgain.close() }
        let bob = try await ChatServerTests.member(fixture, "bob", room: "lobby")
        defer { bob.close() }

        let tooLong = try await alice.request(.chatSend(room: "lobby", text: String(repeating: "a", count: 1_001)))
        var accepted: [Bool] = []
        for (index, client) in [alice, aliceAgain, alice].enumerated() {
            accepted.append(try await client.request(.chatSend(room: "lobby", text: "m\(index)")).result)
        }
        let limited = try await aliceAgain.request(.chatSend(room: "lobby", text: "one too many"))
        let bobsTurn = try await bob.request(.chatSend(room: "lobby", text: "bob is not limited by alice"))

        #expect(tooLong.reason == .invalid)           // a refused message does not use the budget
        #expect(accepted == [true, true, true])
        #expect(limited.result == false)
        #expect(limited.reason == .rateLimited)
        #expect(bobsTurn.result)
        #expect(try fixture.inspect { try $0.query("SELECT COUNT(*) FROM chat_messages") { $0.int64(0) } } == [4])
    }

    @Test func joiningIsLimitedPerConnection() async throws {
        // The server's clock stands still: no token comes back however slow the machine is.
        let fixture = try ChatServerTests.server(clock: ManualClock(SystemClock().now())) { $0.chat.joinsPerMinute = 2 }
        defer { fixture.stop() }
        let alice = try await ChatServerTests.loggedIn(fixture, "alice")
        defer { alice.close() }
        let aliceAgain = try await ChatServerTests.loggedIn(fixture, "alice")
        defer { aliceAgain.close() }

        let first = try await alice.request(.chatJoin(room: "a"))
        #expect(try await alice.request(.chatLeave(room: "a")).result)
        let second = try await alice.request(.chatJoin(room: "a"))
        let third = try await alice.request(.chatJoin(room: "b"))
        let otherConnection = try await aliceAgain.request(.chatJoin(room: "b"))

        #expect(first.result && second.result)
        #expect(third.result == false)
        #expect(third.reason == .rateLimited)
        #expect(otherConnection.result)
    }

    @Test func historyOnJoinIsCappedInBytesKeepingTheNewest() async throws {
        let fixture = try ChatServerTests.server { $0.chat.historyMaximumBytes = 2_500 }
        defer { fixture.stop() }
        let alice = try await ChatServerTests.member(fixture, "alice", room: "big")
        defer { alice.close() }
        for index in 0..<10 {
            let text = "\(index)" + String(repeating: "x", count: 999)
            #expect(try await alice.request(.chatSend(room: "big", text: text)).result)
        }

        let bob = try await ChatServerTests.member(fixture, "bob", room: "big")
        defer { bob.close() }
        #expect(try await alice.request(.chatSend(room: "big", text: "live")).result)

        #expect(await eventually { bob.chatLines(in: "big").last?.text == "live" })
        let lines = bob.chatLines(in: "big")
        let history = lines.dropLast()
        let bytes = history.map { FrameEncoder.encode(ServerMessage.chat($0).frame).count }.reduce(0, +)
        #expect(history.map { $0.text.prefix(1) } == ["8", "9"])
        #expect(bytes <= 2_500)
        #expect(lines.count == 3)
    }

    @Test func chatSettingsAreReadFromFlags() throws {
        let command = try ServerOptions.parse([
            "--chat-messages-per-minute", "5", "--chat-joins-per-minute=7", "--chat-history-max-bytes", "1000",
            "--chat-message-max-bytes", "2000", "--chat-room-name-max-bytes", "64", "--chat-max-marks-per-character", "2",
        ], environment: [:]) { _ in "" }
        guard case .run(let configuration) = command else { Issue.record("not a run: \(command)"); return }

        #expect(configuration.chat.messagesPerMinute == 5)
        #expect(configuration.chat.joinsPerMinute == 7)
        #expect(configuration.chat.historyMaximumBytes == 1_000)
        #expect(configuration.chat.rooms.maximumMessageBytes == 2_000)
        #expect(configuration.chat.rooms.roomNameLimits.maximumBytes == 64)
        #expect(configuration.chat.rooms.maximumMarksPerCharacter == 2)
        #expect(throws: ServerOptionsError.self) { try ServerOptions.parse(["--chat-joins-per-minute", "0"], environment: [:]) { _ in "" } }
        #expect(ServerConfiguration().chat == ChatLimits())
        #expect(ChatLimits().messagesPerMinute == 60 && ChatLimits().joinsPerMinute == 30)
    }
}
