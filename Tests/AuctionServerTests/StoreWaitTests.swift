import AuctionCore
import AuctionData
import AuctionInfrastructure
@testable import AuctionServer
import AuctionTestSupport
import Foundation
import Testing

/// A barrier the test opens: store reads that reach it wait (on their worker) until `open`, no sleeps.
final class StoreGate: Sendable {
    private let state = Mutex((opened: false, waiting: 0))
    private let semaphore = DispatchSemaphore(value: 0)

    /// Waits until the gate is open (at once when it is).
    func pass() {
        let wait = state.withLock { state -> Bool in
            guard !state.opened else { return false }
            state.waiting += 1
            return true
        }
        if wait { semaphore.wait() }
    }

    /// Opens the gate for good, releasing every read waiting at it.
    func open() {
        let waiting = state.withLock { state -> Int in
            state.opened = true
            defer { state.waiting = 0 }
            return state.waiting
        }
        for _ in 0..<waiting { semaphore.signal() }
    }
}

/// Fixed sessions whose store reads (token lookups, re-checks) wait at a gate the test closes, and
/// whose sessions the test can make due for a store re-check.
final class GatedSessions: SessionResolver {
    private let users: [String: SessionUser]
    private let gate = Mutex<StoreGate?>(nil)
    private let stale = Mutex(false)
    /// Store reads started so far.
    let reads = Mutex(0)

    init(_ users: [String: SessionUser]) { self.users = users }

    /// From now on store reads wait at the returned gate until it opens.
    func closeGate() -> StoreGate {
        let closed = StoreGate()
        gate.withLock { $0 = closed }
        return closed
    }

    /// Makes every session due for a store re-check (as a new period on a shared store does).
    func makeSessionsStale() { stale.withLock { $0 = true } }

    private func readStore() {
        reads.withLock { $0 += 1 }
        gate.withLock { $0 }?.pass()
    }

    func user(forToken token: String) -> SessionUser? {
        readStore()
        return users[token]
    }

    func current(_ user: SessionUser, now: Timestamp) -> SessionUser? {
        readStore()
        stale.withLock { $0 = false }
        return user
    }

    func check(_ user: SessionUser, now: Timestamp) -> SessionCheck {
        stale.withLock { $0 } ? .needsStore : .holds(user)
    }
}

/// The loop never waits for a store: while one connection's login or bid re-check waits on the store,
/// another connection's ping is answered; then the waiting connection's answers arrive in order.
@Suite struct StoreWaitTests {
    static let alice = SessionUser(id: UserID(rawValue: 1), name: "alice")

    /// `messages` as frames with completion ids 1, 2, … in one write.
    static func frames(_ messages: [ClientMessage]) -> [UInt8] {
        messages.enumerated().flatMap { index, message -> [UInt8] in
            var frame = message.frame
            frame.completionID = Int64(index + 1)
            return FrameEncoder.encode(frame)
        }
    }

    /// The replies among `frames`, as (completion id, result).
    static func replies(_ frames: [Frame]) -> [(id: Int64, result: Bool, reason: RefusalReason?)] {
        frames.compactMap { frame in
            guard case .reply(let reply) = try? ServerMessage(frame: frame) else { return nil }
            return (reply.completionID, reply.result, reply.reason)
        }
    }

    @Test func aLoginWaitingOnTheStoreLeavesAnotherConnectionsPingAnsweredThenAnswersInOrder() async throws {
        let sessions = GatedSessions(["a": Self.alice])
        let fixture = try ServerFixture(listings: ServerFixture.listings(count: 2),
                                        hooks: ServerHooks(makeSessionResolver: { _ in sessions }))
        defer { fixture.stop() }
        let gate = sessions.closeGate()
        defer { gate.open() }  // never leave a worker (or, before the fix, the loop) waiting
        let waiting = try RawSocket(port: fixture.socketPort), bystander = try RawSocket(port: fixture.socketPort)
        defer { waiting.close(); bystander.close() }

        #expect(waiting.send(Self.frames([.login(token: "a"), .ping])))
        #expect(await eventually { sessions.reads.withLock { $0 } == 1 })  // the login's lookup waits at the gate

        let ping = await bystander.exchange([.ping])
        #expect(ping.first??.result == true)
        gate.open()
        let answers = Self.replies(await waiting.readFrames(2))
        #expect(answers.map(\.id) == [1, 2])
        #expect(answers.map(\.result) == [true, true])
    }

    @Test func aBidWaitingOnItsSessionRecheckLeavesAnotherConnectionsPingAnsweredThenAnswersInOrder() async throws {
        let sessions = GatedSessions(["a": Self.alice])
        let fixture = try ServerFixture(listings: ServerFixture.listings(count: 2),
                                        hooks: ServerHooks(makeSessionResolver: { _ in sessions }), prepare: { path in
            let database = try SQLiteDatabase(path: path)
            defer { database.close() }
            try database.run("INSERT INTO users (id, name, password_hash, created_at) VALUES (1, 'alice', 'h', 1)")
        })
        defer { fixture.stop() }
        let waiting = try RawSocket(port: fixture.socketPort), bystander = try RawSocket(port: fixture.socketPort)
        defer { waiting.close(); bystander.close() }
        #expect(waiting.exchangeBlocking([.login(token: "a")]).first??.result == true)
        sessions.makeSessionsStale()
        let gate = sessions.closeGate()
        defer { gate.open() }

        // Two bids: the second is decided after the first (both accepted, committed and answered in order).
        let bids = [20_000, 30_000].map { ClientMessage.bid(Bid(productID: ProductID(1), price: Money($0)), userID: nil) }
        #expect(waiting.send(Self.frames(bids)))
        #expect(await eventually { sessions.reads.withLock { $0 } == 2 })  // the re-check waits at the gate

        let ping = await bystander.exchange([.ping])
        #expect(ping.first??.result == true)
        gate.open()
        let answers = Self.replies(await waiting.readFrames(2))
        #expect(answers.map(\.id) == [1, 2])
        #expect(answers.map(\.result) == [true, true], "\(answers.map(\.reason))")
        #expect(try fixture.storedBids().map(\.price) == [20_000, 30_000])
    }
}
