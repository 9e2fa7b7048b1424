import AuctionCore
import AuctionData
import AuctionInfrastructure
import AuctionServer
import AuctionTestSupport
import Glibc
import Testing

/// Issue 22, draining: a draining server tells connections of our dialect to reconnect elsewhere
/// (push 10) and closes the original app's connections without a frame it cannot parse; it waits for
/// the told ones to leave within its bound (on the server's clock), 0 closing at once, and `endDrain()`
/// (a second SIGTERM) ends the wait at once. Real sockets on loopback.
@Suite(.timeLimit(.minutes(1))) struct ServerDrainTests {
    /// A started server on a fresh SQLite file whose clock only moves when the test says.
    struct Running {
        let server: AuctionHouseServer
        let clock: ManualClock
        let folder: TemporaryDirectory
        var socketPort: Int { server.addresses?.socket.port ?? 0 }

        init() throws {
            folder = try TemporaryDirectory()
            var configuration = ServerConfiguration.ephemeral(databasePath: folder.file("auction.sqlite"))
            configuration.simulation = nil
            configuration.allowAnonymousBids = true
            clock = ManualClock(SystemClock().now())
            server = AuctionHouseServer(configuration: configuration, log: .silent, clock: clock)
            try server.start()
        }

        func remove() {
            server.stop()
            folder.remove()
        }
    }

    /// A raw connection that said hello with every feature our client understands (push 10 among them).
    static func ours(_ port: Int) async throws -> RawSocket {
        let socket = try RawSocket(port: port)
        #expect(await socket.sayHello())
        return socket
    }

    /// A raw connection of the original app: no hello, one list-state request answered.
    static func original(_ port: Int) async throws -> RawSocket {
        let socket = try RawSocket(port: port)
        #expect(await socket.exchange([.listState(stateNumber: 0)]).first??.result == true)
        return socket
    }

    static func isReconnectPush(_ frame: Frame) -> Bool {
        guard case .reconnectElsewhere(let reason) = try? ServerMessage(frame: frame) else { return false }
        return reason == "draining"
    }

    @Test func drainSecondsIsAFlagAnEnvironmentVariableAndAConfigKeyWithARange() throws {
        #expect(try ServerOptionsTests.parse([]).drainSeconds == 10)
        #expect(try ServerOptionsTests.parse(["--drain-seconds", "0"]).drainSeconds == 0)
        #expect(try ServerOptionsTests.parse([], environment: ["AUCTION_SERVER_DRAIN_SECONDS": "30"]).drainSeconds == 30)
        #expect(try ServerOptionsTests.parse(["--config", "f"], files: ["f": "drain_seconds = 3600\n"]).drainSeconds == 3_600)
        for bad in ["-1", "3601", "ten", ""] {
            #expect(throws: (any Error).self, "\(bad)") { try ServerOptionsTests.parse(["--drain-seconds", bad]) }
        }
        #expect(ServerOptions.usage.contains("--drain-seconds"))
    }

    @Test func ourDialectIsToldToReconnectElsewhereAndTheOriginalIsClosedWithoutIt() async throws {
        let running = try Running()
        defer { running.remove() }
        let ours = try await Self.ours(running.socketPort)
        let original = try await Self.original(running.socketPort)
        // Our dialect from a build that does not know push 10: its hello did not name `reconnect`.
        let older = try RawSocket(port: running.socketPort)
        let olderHello = ClientMessage.hello(WireHello(client: "test", version: "0", features: [.closing, .errors]))
        #expect(await older.exchange([olderHello], first: 900).first??.result == true)
        defer { ours.close(); original.close(); older.close() }
        let server = running.server
        let drain = Task { await offPool { server.drain(seconds: 30) } }

        let pushed = await ours.readFrames(1)
        #expect(pushed.count == 1 && pushed.allSatisfy(Self.isReconnectPush), "\(pushed)")
        #expect(server.readiness.notReadyBecause.contains(.draining))
        let seenByOriginal = await original.readToEnd()
        #expect(seenByOriginal.closed, "the original app's connection is closed")
        #expect(frames(in: seenByOriginal.bytes).isEmpty, "nothing the original app cannot parse: \(seenByOriginal.bytes.count) bytes")
        let seenByOlder = await older.readToEnd()
        #expect(seenByOlder.closed && !frames(in: seenByOlder.bytes).contains(where: Self.isReconnectPush), "no push 10 without the feature")
        // The told client leaves: the drain ends then, long before its bound (the clock never moves).
        ours.close()
        #expect(await drain.value == .clientsLeft)
    }

    @Test func zeroSecondsTellsAndClosesAtOnce() async throws {
        let running = try Running()
        defer { running.remove() }
        let ours = try await Self.ours(running.socketPort)
        defer { ours.close() }
        let server = running.server
        let ended = await offPool { server.drain(seconds: 0) }
        #expect(ended == .boundPassed)
        let seen = await ours.readToEnd()
        #expect(seen.closed)
        #expect(frames(in: seen.bytes).map(Self.isReconnectPush) == [true], "the push, then the close")
    }

    /// Drains `running` within `seconds` with one client of ours that stays; once it has been told,
    /// `end` runs (what should end the wait); returns what did, and whether the client was then closed.
    static func drainWithAClientThatStays(seconds: Int, _ end: (Running) -> Void) async throws -> (AuctionHouseServer.DrainEnd?, closed: Bool) {
        let running = try Running()
        defer { running.remove() }
        let ours = try await Self.ours(running.socketPort)
        defer { ours.close() }
        let server = running.server
        let drain = Task { await offPool { server.drain(seconds: seconds) } }
        #expect(await ours.readFrames(1).allSatisfy(Self.isReconnectPush))
        end(running)
        let ended = await drain.value
        return (ended, await ours.readToEnd().closed)
    }

    @Test func aClientThatStaysIsClosedWhenTheBoundPassesOnTheServersClock() async throws {
        let (ended, closed) = try await Self.drainWithAClientThatStays(seconds: 5) { $0.clock.advance(milliseconds: 5_000) }
        #expect(ended == .boundPassed && closed)
    }

    @Test func endingTheDrainClosesAtOnceWhateverIsLeftOfTheBound() async throws {
        // What a second SIGTERM does.
        let (ended, closed) = try await Self.drainWithAClientThatStays(seconds: 3_600) { $0.server.endDrain() }
        #expect(ended == .endedEarly && closed)
    }

    @Test func aBidAcceptedBeforeTheDrainIsAnsweredBeforeThePush() async throws {
        let running = try Running()
        defer { running.remove() }
        let ours = try await Self.ours(running.socketPort)
        defer { ours.close() }
        // The bid and the drain race: whichever way, its reply (accepted and stored, or never read) precedes the push.
        ours.send(#"{"dataType":2,"completionId":5,"data":{"product_id":1,"product_price":900000000}}/"#)
        let server = running.server
        let ended = await offPool { server.drain(seconds: 0) }
        #expect(ended == .boundPassed)
        let seen = frames(in: await ours.readToEnd().bytes)
        #expect(seen.last.map(Self.isReconnectPush) == true, "\(seen)")
        let replies = seen.compactMap { frame -> WireReply? in if case .reply(let reply) = try? ServerMessage(frame: frame) { reply } else { nil } }
        #expect(replies.count <= 1)
        if replies.first?.result == true {
            let stored = try StoreInspection.bids(running.folder.file("auction.sqlite"))
            #expect(stored.contains { $0.product == 1 && $0.price == 900_000_000 }, "an accepted bid is stored")
        }
    }
}
